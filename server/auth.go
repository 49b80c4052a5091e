package server

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"slices"
	"strings"

	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apiserver/pkg/authentication/authenticator"
	"k8s.io/apiserver/pkg/authentication/group"
	"k8s.io/apiserver/pkg/authentication/request/bearertoken"
	"k8s.io/apiserver/pkg/authentication/request/union"
	"k8s.io/apiserver/pkg/authentication/token/tokenfile"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	"k8s.io/client-go/rest"
)

// User is an identity besides the admin, for tests of what a client without
// some permission sees. A request with the user's bearer token (see
// Server.RESTConfigFor) acts as the user; a request with the admin's token
// (Server.RESTConfig, the kubeconfig) acts as the admin, a member of
// system:masters, who may do anything.
type User struct {
	// Name is the user name, as authorization errors show it.
	Name string
	// Groups the user is in. system:authenticated is added, as
	// kube-apiserver's authenticators add it.
	Groups []string
	// Rules are what the user may do, with the meaning of RBAC policy rules
	// bound cluster-wide (a ClusterRoleBinding): verbs, API groups,
	// resources (with "resource/subresource" and "*/subresource" forms),
	// resource names and non-resource URLs. Every user may also read the
	// discovery documents, as RBAC's default roles allow it. Options.Authorizer,
	// when set, decides instead.
	Rules []rbacv1.PolicyRule
}

// adminUser is who the admin token (and, with Options.AllowAnonymous, a
// request without credentials) acts as.
var adminUser = &user.DefaultInfo{
	Name:   "metagen-admin",
	Groups: []string{user.SystemPrivilegedGroup},
}

// loopbackUser is who the server's own clients (its controllers, the
// apiextensions server's) act as, as kube-apiserver's loopback client acts
// as system:apiserver.
var loopbackUser = &user.DefaultInfo{
	Name:   user.APIServerUser,
	Groups: []string{user.SystemPrivilegedGroup},
}

// identities authenticates requests as kube-apiserver with
// --token-auth-file does: a bearer token from a static list (the admin's,
// the loopback client's, one per User), 401 for any other credential and,
// unless anonymous requests are allowed, for none.
type identities struct {
	authenticator.Request
	adminToken    string
	loopbackToken string
	tokens        map[string]string // user name → token
	rules         map[string][]rbacv1.PolicyRule
	access        accessLog // what each user needed (access.go)
}

func newIdentities(users []User, allowAnonymous bool) (*identities, error) {
	ids := &identities{adminToken: newToken(), loopbackToken: newToken(), tokens: map[string]string{}, rules: map[string][]rbacv1.PolicyRule{}}
	byToken := map[string]*user.DefaultInfo{ids.adminToken: adminUser, ids.loopbackToken: loopbackUser}
	for _, u := range users {
		if u.Name == "" || u.Name == adminUser.Name || u.Name == loopbackUser.Name {
			return nil, fmt.Errorf("user name %q is reserved", u.Name)
		}
		if _, dup := ids.tokens[u.Name]; dup {
			return nil, fmt.Errorf("user %q is listed twice", u.Name)
		}
		token := newToken()
		byToken[token] = &user.DefaultInfo{Name: u.Name, Groups: slices.Clone(u.Groups)}
		ids.tokens[u.Name] = token
		ids.rules[u.Name] = u.Rules
	}
	// As kube-apiserver's authenticator config builds it: the token
	// authenticators, then system:authenticated added to whoever they name.
	tokens := group.NewAuthenticatedGroupAdder(bearertoken.New(tokenfile.New(byToken)))
	if allowAnonymous {
		tokens = union.New(tokens, anonymousAdmin{})
	}
	ids.Request = tokens
	return ids, nil
}

// newToken returns a fresh random bearer token.
func newToken() string { return "metagen-" + rand.Text() }

// anonymousAdmin accepts a request without an Authorization header as the
// admin, for Options.AllowAnonymous. A request with one the token
// authenticator refused (a wrong token, basic auth) stays refused, as it is
// by kube-apiserver with --anonymous-auth.
type anonymousAdmin struct{}

func (anonymousAdmin) AuthenticateRequest(req *http.Request) (*authenticator.Response, bool, error) {
	if req.Header.Get("Authorization") != "" {
		return nil, false, nil
	}
	return &authenticator.Response{User: &user.DefaultInfo{Name: adminUser.Name,
		Groups: []string{user.SystemPrivilegedGroup, user.AllAuthenticated}}}, true, nil
}

// RESTConfigFor returns a client configuration that acts as the user named
// name, one of Options.Users.
func (s *Server) RESTConfigFor(name string) (*rest.Config, error) {
	token, ok := s.ids.tokens[name]
	if !ok {
		return nil, fmt.Errorf("no user %q: users are given in Options.Users", name)
	}
	cfg := s.RESTConfig()
	cfg.BearerToken = token
	return cfg, nil
}

// serverAuthorizer decides as kube-apiserver with --authorization-mode=RBAC
// does: system:masters may do anything, everyone authenticated may read the
// discovery documents, and the rest is what the user's rules allow. A
// custom authorizer replaces the last two.
type serverAuthorizer struct {
	rules  map[string][]rbacv1.PolicyRule
	custom authorizer.UnconditionalAuthorizer
}

// Authorize is an authorizer.AuthorizerFunc. A refusal carries no reason,
// as RBAC gives none when no rule matches, so the 403 message is the bare
// "User … cannot …".
func (a serverAuthorizer) Authorize(ctx context.Context, attrs authorizer.Attributes) (authorizer.Decision, string, error) {
	u := attrs.GetUser()
	if u == nil {
		return authorizer.DecisionNoOpinion, "", nil
	}
	if slices.Contains(u.GetGroups(), user.SystemPrivilegedGroup) {
		return authorizer.DecisionAllow, "", nil
	}
	if a.custom != nil {
		return a.custom.Authorize(ctx, attrs)
	}
	if slices.Contains(u.GetGroups(), user.AllAuthenticated) && ruleAllows(attrs, discoveryRule) {
		return authorizer.DecisionAllow, "", nil
	}
	for _, rule := range a.rules[u.GetName()] {
		if ruleAllows(attrs, rule) {
			return authorizer.DecisionAllow, "", nil
		}
	}
	return authorizer.DecisionNoOpinion, "", nil
}

// discoveryRule is what RBAC's system:discovery and
// system:public-info-viewer cluster roles let every authenticated user read.
var discoveryRule = rbacv1.PolicyRule{
	Verbs: []string{"get"},
	NonResourceURLs: []string{"/api", "/api/*", "/apis", "/apis/*", "/healthz", "/livez", "/openapi", "/openapi/*",
		"/readyz", "/version", "/version/"},
}

// ruleAllows is RBAC's RuleAllows (plugin/pkg/auth/authorizer/rbac).
func ruleAllows(attrs authorizer.Attributes, rule rbacv1.PolicyRule) bool {
	if !matches(rule.Verbs, attrs.GetVerb()) {
		return false
	}
	if !attrs.IsResourceRequest() {
		return slices.ContainsFunc(rule.NonResourceURLs, func(pattern string) bool {
			return pattern == rbacv1.NonResourceAll || pattern == attrs.GetPath() ||
				(strings.HasSuffix(pattern, "*") && strings.HasPrefix(attrs.GetPath(), strings.TrimRight(pattern, "*")))
		})
	}
	resource, subresource := attrs.GetResource(), attrs.GetSubresource()
	combined := resource
	if subresource != "" {
		combined += "/" + subresource
	}
	resourceMatches := slices.ContainsFunc(rule.Resources, func(r string) bool {
		return r == rbacv1.ResourceAll || r == combined || (subresource != "" && r == "*/"+subresource)
	})
	return matches(rule.APIGroups, attrs.GetAPIGroup()) && resourceMatches &&
		(len(rule.ResourceNames) == 0 || slices.Contains(rule.ResourceNames, attrs.GetName()))
}

// matches reports whether values holds v or "*".
func matches(values []string, v string) bool {
	return slices.Contains(values, v) || slices.Contains(values, "*")
}
