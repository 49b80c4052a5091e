package v1_test

import (
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/examples/routes/routestest"
	"github.com/metagen-dev/metagen/metagentest"
	"github.com/metagen-dev/metagen/server"
)

// The rules of Route, as a table: the errors are kube-apiserver's for the
// CRD (hack/e2e's rules suite checks them there).
func TestRules(t *testing.T) {
	metagentest.Rules(t, routestest.Scheme(), routestest.Cases)
}

// The same table on the in-process server serving the Go types (but the
// ratcheting cases, whose stored object it refuses to store).
func TestRulesOnTheInProcessServer(t *testing.T) {
	scheme := routestest.Scheme()
	s := server.StartForTest(t, server.Options{Scheme: scheme})
	var cases []metagentest.RuleCase
	for _, c := range routestest.Cases {
		if !strings.HasPrefix(c.Name, routestest.Ratcheting) {
			cases = append(cases, c)
		}
	}
	metagentest.RulesOnServer(t, s.RESTConfig(), scheme, "default", cases)
}
