package crd

import (
	"fmt"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apihelpers"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/metagen-dev/metagen/generators/markers"
)

// APIApprovedFlag is the command-line flag that gives the
// api-approved.kubernetes.io annotation of protected groups' CRDs.
const APIApprovedFlag = "--crd-api-approved"

// ParseAPIApproved reads the values of --crd-api-approved: each is
// GROUP=VALUE, for the protected group GROUP, or VALUE, for every protected
// group (*.k8s.io, *.kubernetes.io) not named; VALUE is what kube-apiserver
// takes as approval, a URL or a reason starting with "unapproved". The
// result is keyed by group, "" for every group.
func ParseAPIApproved(values []string) (map[string]string, error) {
	if len(values) == 0 {
		return nil, nil
	}
	out := map[string]string{}
	for _, text := range values {
		group, value := "", text
		if before, after, ok := strings.Cut(text, "="); ok && len(validation.IsDNS1123Subdomain(before)) == 0 {
			group, value = before, after
			if !apihelpers.IsProtectedCommunityGroup(group) {
				return nil, fmt.Errorf("%s=%s: group %s is not protected (only *.k8s.io and *.kubernetes.io need the %s annotation)", APIApprovedFlag, text, group, apiextensionsv1.KubeAPIApprovedAnnotation)
			}
		}
		switch state, _ := apihelpers.GetAPIApprovalState(map[string]string{apiextensionsv1.KubeAPIApprovedAnnotation: value}); state {
		case apihelpers.APIApproved, apihelpers.APIApprovalBypassed:
		default:
			return nil, fmt.Errorf("%s=%s: want a URL (the approved API review) or a reason starting with \"unapproved\", optionally after GROUP=", APIApprovedFlag, text)
		}
		if old, dup := out[group]; dup && old != value {
			name := group
			if name == "" {
				name = "every protected group"
			}
			return nil, fmt.Errorf("%s gives %s two values, %q and %q", APIApprovedFlag, name, old, value)
		}
		out[group] = value
	}
	return out, nil
}

// apiApproval gives the CRD of a protected group the api-approved
// annotation --crd-api-approved says, where the sources do not set it
// (+kubebuilder:metadata:annotations, given); where both do, a value for
// this group must agree with the source's.
func (b *builder) apiApproval(crd *apiextensionsv1.CustomResourceDefinition, given map[string]markers.Marker) {
	if !apihelpers.IsProtectedCommunityGroup(crd.Spec.Group) {
		return
	}
	settings := b.pass.Universe.Settings.CRD.APIApproved
	value, named := settings[crd.Spec.Group]
	if !named {
		value = settings[""]
	}
	if value == "" {
		return
	}
	const key = apiextensionsv1.KubeAPIApprovedAnnotation
	if old, set := crd.Annotations[key]; set {
		// The value for every group gives way to the source's; one for
		// this group must agree with it.
		if named && old != value {
			b.errorf(given[key].Pos, "%s sets annotation %s to %q but %s gives %q for group %s: keep one", given[key], key, old, APIApprovedFlag, value, crd.Spec.Group)
		}
		return
	}
	if crd.Annotations == nil {
		crd.Annotations = map[string]string{}
	}
	crd.Annotations[key] = value
}

// apiApprovalHint is what an error about a missing or invalid approval
// annotation adds: the two ways to give it.
func apiApprovalHint(group string) string {
	return fmt.Sprintf("; give it in the source (+kubebuilder:metadata:annotations=%q on the root type) or on the command line (%s=<URL or \"unapproved, <reason>\">, or %s=%s=<…> for this group alone)",
		apiextensionsv1.KubeAPIApprovedAnnotation+"=<URL>", APIApprovedFlag, APIApprovedFlag, group)
}
