package signertest_test

import (
	"testing"

	"github.com/metagen-dev/metagen/examples/pcr-signer/signer"
	"github.com/metagen-dev/metagen/examples/pcr-signer/signertest"
	"github.com/metagen-dev/metagen/server"
)

// TestSignerInProcess runs the signer's tests on the in-process API server,
// the signer as a user with exactly signer.Rules; hack/e2e runs the same
// tests on a real kube-apiserver.
func TestSignerInProcess(t *testing.T) {
	s := server.StartForTest(t, server.Options{Users: []server.User{
		{Name: "pcr-signer", Rules: signer.Rules(signer.DefaultSignerName)},
	}})
	signerConfig, err := s.RESTConfigFor("pcr-signer")
	if err != nil {
		t.Fatal(err)
	}
	signertest.Run(t, signertest.Env{Admin: s.RESTConfig(), Signer: signerConfig, Namespace: "default"})
}
