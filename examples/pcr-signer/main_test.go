package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"

	"github.com/metagen-dev/metagen/server"
)

// syncBuffer is a bytes.Buffer safe for the signer's logger and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestCommand runs the command against the in-process server through a
// kubeconfig file, as a user would, and checks that a request gets a
// certificate that chains to the CA the command wrote out.
func TestCommand(t *testing.T) {
	s := server.StartForTest(t, server.Options{})
	dir := t.TempDir()
	kubeconfig, caFile := filepath.Join(dir, "kubeconfig"), filepath.Join(dir, "ca.pem")
	if err := s.WriteKubeconfig(kubeconfig); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-kubeconfig", kubeconfig, "-ca-out", caFile, "-lifetime", "2h"}, &stderr)
	}()

	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	csr, err := x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{}, key)
	if err != nil {
		t.Fatal(err)
	}
	pcrs := kubernetes.NewForConfigOrDie(s.RESTConfig()).CertificatesV1().PodCertificateRequests("default")
	_, err = pcrs.Create(ctx, &certificatesv1.PodCertificateRequest{
		ObjectMeta: metav1.ObjectMeta{Name: "web"},
		Spec: certificatesv1.PodCertificateRequestSpec{
			SignerName: "example.com/pcr-signer", PodName: "web-0", PodUID: "u1", ServiceAccountName: "web",
			ServiceAccountUID: "u2", NodeName: "n", NodeUID: "u3", StubPKCS10Request: csr,
		},
	}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var issued *certificatesv1.PodCertificateRequest
	err = wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		issued, err = pcrs.Get(ctx, "web", metav1.GetOptions{})
		return err == nil && issued.Status.CertificateChain != "", err
	})
	if err != nil {
		t.Fatalf("not issued: %v\n%s", err, stderr.String())
	}
	caPEM, err := os.ReadFile(caFile)
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(caPEM) {
		t.Fatalf("-ca-out wrote no certificate: %q", caPEM)
	}
	block, _ := pem.Decode([]byte(issued.Status.CertificateChain))
	leaf, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := leaf.Verify(x509.VerifyOptions{Roots: roots, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}); err != nil {
		t.Errorf("leaf does not chain to the CA written by -ca-out: %v", err)
	}
	if got := leaf.NotAfter.Sub(leaf.NotBefore); got != 2*time.Hour {
		t.Errorf("lifetime %v, want the -lifetime 2h", got)
	}
	if len(leaf.URIs) != 1 || leaf.URIs[0].String() != "spiffe://cluster.local/ns/default/sa/web" {
		t.Errorf("SPIFFE ID %v", leaf.URIs)
	}

	// The server stores the status before the signer's UpdateStatus call
	// returns and logs: wait for the log line, then stop the command, or a
	// cancel in between turns the issuance into "context canceled".
	err = wait.PollUntilContextTimeout(ctx, 10*time.Millisecond, 30*time.Second, true, func(context.Context) (bool, error) {
		return strings.Contains(stderr.String(), "default/web: Issued"), nil
	})
	if err != nil {
		t.Errorf("the log does not report the issuance:\n%s", stderr.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("run: %v", err)
	}
}

func TestFlags(t *testing.T) {
	var stderr bytes.Buffer
	for _, args := range [][]string{{"-lifetime", "30m"}, {"extra"}, {"-nope"}} {
		if err := run(t.Context(), args, &stderr); err == nil {
			t.Errorf("run %q succeeded", args)
		}
	}
}
