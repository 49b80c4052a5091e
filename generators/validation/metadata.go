package validation

import (
	"strings"

	"github.com/metagen-dev/metagen/generators/kube"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// metadataPlan is the meta.Rules value of a root type with ObjectMeta.
type metadataPlan struct {
	namespaced     bool
	nameFormat     string // a meta.NameFormat constant name, "" for the default
	customResource bool
	group          string
	owned          []string
}

// nameFormats maps +metagen:name-format values to meta.NameFormat constants.
var nameFormats = map[string]string{
	"dns-subdomain": "",
	"dns-label":     "DNSLabel",
	"dns1035-label": "DNS1035Label",
	"path-segment":  "PathSegment",
}

// metadataPlan reads the metadata markers of a root type; nil when the type
// does not embed metav1.ObjectMeta, or embeds it +k8s:opaqueType (which
// leaves the type's own validation out, as validation-gen's
// metav1.Validate_ObjectMeta call; the field's chained tags still apply).
func (a *analyzer) metadataPlan(t *model.Type) *metadataPlan {
	embeds := false
	for _, f := range t.Fields {
		embeds = embeds || (f.Embedded && isMetav1(f.Type(), "ObjectMeta") && !opaqueMarked(f.Markers))
	}
	if !embeds {
		a.metadataMarkersUnused(t)
		return nil
	}
	p := &metadataPlan{namespaced: a.namespaced(t)}
	p.customResource = a.isCustomResource(t)
	if m, ok := markers.MetagenNameFormat.Marker(t.Markers); ok {
		p.nameFormat = nameFormats[m.Value]
		if p.customResource && p.nameFormat != "" {
			a.errorf(m.Pos, "+%s=%s: kube-apiserver always validates the names of custom resources as DNS subdomains", markers.MetagenNameFormat, m.Value)
		}
	}
	p.group, p.owned = a.ownedFinalizers(t)
	return p
}

// namespaced is the Kubernetes layer's scope of t; the conflict of a type
// that is no resource (a resource's is the load's) is validation's to
// report.
func (a *analyzer) namespaced(t *model.Type) bool {
	namespaced, conflict := kube.Scope(t)
	if conflict != nil {
		a.u.errs[a.pkg.Path] = append(a.u.errs[a.pkg.Path], conflict)
	}
	return namespaced
}

func (a *analyzer) isCustomResource(t *model.Type) bool {
	if m, ok := markers.MetagenCustomResource.Marker(t.Markers); ok {
		return m.Bool()
	}
	m, ok := markers.MetagenCustomResource.Marker(a.pkg.Markers)
	return ok && m.Bool()
}

// ownedFinalizers is the type's +metagen:allowed-finalizers list: a
// resource's from the Kubernetes layer (which reported its problems at
// load), any other type's checked here the same way.
func (a *analyzer) ownedFinalizers(t *model.Type) (string, []string) {
	if t.Resource != nil {
		if len(t.Resource.AllowedFinalizers) == 0 {
			return "", nil
		}
		return t.Package.API.Group, t.Resource.AllowedFinalizers
	}
	group, owned, _, errs := kube.AllowedFinalizers(t)
	a.u.errs[a.pkg.Path] = append(a.u.errs[a.pkg.Path], errs...)
	return group, owned
}

// metadataMarkersUnused reports metadata markers on types that get no
// metadata validation: types that are not root types, or have no ObjectMeta.
func (a *analyzer) metadataMarkersUnused(t *model.Type) {
	for _, name := range []string{markers.MetagenNameFormat.Name, markers.MetagenAllowedFinalizers.Name} {
		if m, ok := t.Markers.Get(name); ok {
			a.errorf(m.Pos, "+%s has no effect: %s is not a root type that embeds metav1.ObjectMeta", name, t.Name)
		}
	}
}

// opaqueMarked reports whether markers hold +k8s:opaqueType, plain or under
// +k8s:alpha or +k8s:beta (validation-gen's opaque members, either way).
func opaqueMarked(set markers.Set) bool {
	for _, m := range set {
		switch m.Name {
		case markers.K8sOpaqueType.Name:
			return true
		case markers.K8sAlpha.Name, markers.K8sBeta.Name:
			if strings.TrimSpace(m.Value) == markers.K8sOpaqueType.Tag() {
				return true
			}
		}
	}
	return false
}
