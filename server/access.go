package server

import (
	"cmp"
	"context"
	"slices"
	"sync"

	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/authorization/authorizer"
)

// Access is one permission a User's request needed: what the server asked
// its authorizer, as RBAC sees it. A resource request has a Resource; a
// request for a non-resource URL (/metrics) has a Path. The "sign" check of
// a PodCertificateRequest status write is an Access too (verb sign on
// certificates.k8s.io signers, the signer name as Name).
type Access struct {
	Verb        string
	APIGroup    string
	Resource    string
	Subresource string
	Namespace   string
	Name        string
	Path        string
	// Allowed is the decision the server made with the user's Rules (or
	// Options.Authorizer).
	Allowed bool
}

// ResourceRequest reports whether the access is to a resource rather than a
// non-resource URL.
func (a Access) ResourceRequest() bool { return a.Resource != "" }

// AllowedBy reports whether a rule grants the access, with RBAC's matching
// (the same the server decides by).
func (a Access) AllowedBy(rule rbacv1.PolicyRule) bool { return ruleAllows(a.attributes(), rule) }

func (a Access) attributes() authorizer.Attributes {
	return authorizer.AttributesRecord{
		Verb: a.Verb, APIGroup: a.APIGroup, Resource: a.Resource, Subresource: a.Subresource,
		Namespace: a.Namespace, Name: a.Name, Path: a.Path, ResourceRequest: a.ResourceRequest(),
	}
}

// accessLog records, per user, the distinct accesses the authorizer was
// asked about. The admin's are not recorded: it may do anything.
type accessLog struct {
	mu     sync.Mutex
	byUser map[string]map[Access]bool
}

// recording wraps an authorizer so that every decision for a non-admin
// user is logged.
func (l *accessLog) recording(authz authorizer.AuthorizerFunc) authorizer.AuthorizerFunc {
	return func(ctx context.Context, attrs authorizer.Attributes) (authorizer.Decision, string, error) {
		decision, reason, err := authz(ctx, attrs)
		if u := attrs.GetUser(); u != nil && !slices.Contains(u.GetGroups(), user.SystemPrivilegedGroup) {
			l.record(u.GetName(), accessOf(attrs, decision == authorizer.DecisionAllow))
		}
		return decision, reason, err
	}
}

func accessOf(attrs authorizer.Attributes, allowed bool) Access {
	a := Access{Verb: attrs.GetVerb(), Allowed: allowed}
	if attrs.IsResourceRequest() {
		a.APIGroup, a.Resource, a.Subresource = attrs.GetAPIGroup(), attrs.GetResource(), attrs.GetSubresource()
		a.Namespace, a.Name = attrs.GetNamespace(), attrs.GetName()
	} else {
		a.Path = attrs.GetPath()
	}
	return a
}

func (l *accessLog) record(name string, a Access) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byUser == nil {
		l.byUser = map[string]map[Access]bool{}
	}
	if l.byUser[name] == nil {
		l.byUser[name] = map[Access]bool{}
	}
	l.byUser[name][a] = true
}

// AccessOf returns the distinct accesses the user named name (one of
// Options.Users) needed so far, allowed or refused, sorted: what a test
// made the user do, for comparing with the Role a controller ships (package
// metagentest/leastprivilege). Discovery reads every user may make are
// included.
func (s *Server) AccessOf(name string) []Access {
	log := &s.ids.access
	log.mu.Lock()
	defer log.mu.Unlock()
	out := make([]Access, 0, len(log.byUser[name]))
	for a := range log.byUser[name] {
		out = append(out, a)
	}
	slices.SortFunc(out, compareAccess)
	return out
}

func compareAccess(a, b Access) int {
	return cmp.Or(
		cmp.Compare(a.Path, b.Path), cmp.Compare(a.APIGroup, b.APIGroup), cmp.Compare(a.Resource, b.Resource),
		cmp.Compare(a.Subresource, b.Subresource), cmp.Compare(a.Namespace, b.Namespace), cmp.Compare(a.Name, b.Name),
		cmp.Compare(a.Verb, b.Verb), cmpBool(a.Allowed, b.Allowed))
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// GrantedToEveryone reports whether every authenticated user may make the
// access without a rule of its own: the discovery reads RBAC's default
// cluster roles allow (/api, /apis, /version, /openapi, …).
func (a Access) GrantedToEveryone() bool {
	return !a.ResourceRequest() && ruleAllows(a.attributes(), discoveryRule)
}
