package certificates

import (
	"context"
	"strings"

	certificatesv1 "k8s.io/api/certificates/v1"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/authorization/authorizer"
)

// isAuthorizedForSignerName is kube-apiserver's certauthorization
// function: verb "sign" on the synthetic certificates.k8s.io "signers"
// resource named signerName, or else named "<domain>/*". An authorizer error
// counts as a refusal.
func isAuthorizedForSignerName(ctx context.Context, authz authorizer.Authorizer, u user.Info, signerName string) bool {
	domain, _, _ := strings.Cut(signerName, "/")
	for _, name := range []string{signerName, domain + "/*"} {
		decision, _, err := authz.Authorize(ctx, authorizer.AttributesRecord{
			User: u, Verb: "sign", Name: name,
			APIGroup: certificatesv1.GroupName, APIVersion: "*", Resource: "signers", ResourceRequest: true,
		})
		if err == nil && decision == authorizer.DecisionAllow {
			return true
		}
	}
	return false
}
