package pcr

import (
	rbacv1 "k8s.io/api/rbac/v1"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
)

// Identities besides the admin, for the rows about the "sign" permission
// (spec §4.5 step 9, rows S29-S30). On a real server the admin impersonates
// them and RBAC roles grant their rules; the in-process server gets them as
// server.Users.
const (
	// NoSignUser may create, read, delete PodCertificateRequests and write
	// their status (Rules), but may sign for no signer.
	NoSignUser = "alice"
	// NoAccessUser may do nothing with PodCertificateRequests.
	NoAccessUser = "bob"
	// DomainSigner has Rules and may also sign for every signer of
	// example.com (SignRule), through the "<domain>/*" wildcard.
	DomainSigner = "carol"
)

// Rules are what NoSignUser and DomainSigner may do with
// PodCertificateRequests, namespaced: the flows runner needs list and
// watch (its watch), create, get, the status writes and delete (cleanup).
var Rules = []rbacv1.PolicyRule{
	{APIGroups: []string{"certificates.k8s.io"}, Resources: []string{"podcertificaterequests"},
		Verbs: []string{"get", "list", "watch", "create", "delete"}},
	{APIGroups: []string{"certificates.k8s.io"}, Resources: []string{"podcertificaterequests/status"},
		Verbs: []string{"get", "update", "patch"}},
}

// SignRule lets DomainSigner sign for example.com/*, which covers the
// table's signer example.com/foo. Signers are cluster-scoped: a real server
// needs a ClusterRole for it.
var SignRule = rbacv1.PolicyRule{
	APIGroups: []string{"certificates.k8s.io"}, Resources: []string{"signers"},
	ResourceNames: []string{"example.com/*"}, Verbs: []string{"sign"},
}

// Identity is one of those users and what it may do (cluster-wide on the
// in-process server; as a namespaced Role, plus a ClusterRole for SignRule,
// on a real one).
type Identity struct {
	Name  string
	Rules []rbacv1.PolicyRule
}

// Identities are NoSignUser, NoAccessUser and DomainSigner.
func Identities() []Identity {
	return []Identity{
		{Name: NoSignUser, Rules: Rules},
		{Name: NoAccessUser},
		{Name: DomainSigner, Rules: append([]rbacv1.PolicyRule{SignRule}, Rules...)},
	}
}

// NoSignFlows are rows S29-S30, run as NoSignUser: a status write that
// changes the status needs "sign" (a 422 at spec.signerName, not a 403),
// and one that changes nothing does not (the labels in its body are
// dropped, as every /status write drops metadata).
func (f *Fixture) NoSignFlows() []flows.Flow {
	denied := f.terminal("Denied", "UnsupportedKeyType")
	forbidden := flows.Cause{Reason: "FieldValueForbidden", Field: "spec.signerName",
		Message: `Forbidden: User "` + NoSignUser + `" is not permitted to "sign" for signer "example.com/foo"`}
	return []flows.Flow{{
		ID: "S29+S30",
		Steps: []flows.Step{
			{Do: flows.Create(""), Want: flows.Created()},
			{Do: flows.PutStatus(conditions(denied)), Want: flows.Invalid(forbidden)},
			{Do: flows.PutStatus(`{"metadata":{"labels":{"a":"b"}}}`), Want: flows.Updated(false)},
		},
		Watch: []string{"ADDED"},
	}}
}

// DomainSignerFlows is S29 again as DomainSigner, whose permission for
// "example.com/*" covers example.com/foo: the write is allowed.
func (f *Fixture) DomainSignerFlows() []flows.Flow {
	denied := f.terminal("Denied", "UnsupportedKeyType")
	return []flows.Flow{{
		ID: "S29-domain",
		Steps: []flows.Step{
			{Do: flows.Create(""), Want: flows.Created()},
			{Do: flows.PutStatus(conditions(denied)), Want: flows.Updated(true)},
		},
		Watch: []string{"ADDED", "MODIFIED"},
	}}
}
