package server_test

import (
	"crypto/tls"
	"net/http"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/metagen-dev/metagen/server"
)

// status GETs /api/v1/namespaces with the given Authorization header (none
// when empty), trusting the server's CA but sending no token of its own.
func status(t *testing.T, s *server.Server, authorization string) int {
	t.Helper()
	cfg := s.RESTConfig()
	cfg.BearerToken = ""
	client, err := rest.HTTPClientFor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodGet, s.URL()+"/api/v1/namespaces", nil)
	if err != nil {
		t.Fatal(err)
	}
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// As kube-apiserver with a token file and --anonymous-auth=false: the
// kubeconfig's token is required, anything else is a 401.
func TestAuthenticationRequiresTheToken(t *testing.T) {
	s := server.StartForTest(t, server.Options{})
	if !strings.HasPrefix(s.URL(), "https://127.0.0.1:") {
		t.Errorf("URL %s, want https on loopback", s.URL())
	}
	for _, c := range []struct {
		name, authorization string
		want                int
	}{
		{"no credentials", "", http.StatusUnauthorized},
		{"a wrong token", "Bearer metagen-not-the-token", http.StatusUnauthorized},
		{"basic auth", "Basic YWRtaW46YWRtaW4=", http.StatusUnauthorized},
		{"the admin token", "Bearer " + s.RESTConfig().BearerToken, http.StatusOK},
	} {
		if got := status(t, s, c.authorization); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
	if _, err := kubernetes.NewForConfigOrDie(s.RESTConfig()).CoreV1().Namespaces().List(t.Context(), metav1.ListOptions{}); err != nil {
		t.Errorf("RESTConfig's client: %v", err)
	}
}

// AllowAnonymous serves requests without credentials as the admin, and
// still refuses wrong ones.
func TestAuthenticationAllowAnonymous(t *testing.T) {
	s := server.StartForTest(t, server.Options{AllowAnonymous: true})
	for _, c := range []struct {
		name, authorization string
		want                int
	}{
		{"no credentials", "", http.StatusOK},
		{"a wrong token", "Bearer metagen-not-the-token", http.StatusUnauthorized},
		{"basic auth", "Basic YWRtaW46YWRtaW4=", http.StatusUnauthorized},
	} {
		if got := status(t, s, c.authorization); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// The serving certificate is signed by the server's own CA: a client that
// trusts only the system's roots refuses it, the kubeconfig's client
// accepts it.
func TestServingCertificate(t *testing.T) {
	s := server.StartForTest(t, server.Options{})
	if _, err := http.Get(s.URL() + "/readyz"); err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Errorf("a client without the CA: %v, want a certificate error", err)
	}
	path := t.TempDir() + "/kubeconfig"
	if err := s.WriteKubeconfig(path); err != nil {
		t.Fatal(err)
	}
	cfg, err := clientcmd.BuildConfigFromFlags("", path)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.CAData) == 0 || cfg.BearerToken == "" {
		t.Errorf("kubeconfig has CA %d bytes, token %q; want both", len(cfg.CAData), cfg.BearerToken)
	}
	if _, err := kubernetes.NewForConfigOrDie(cfg).CoreV1().Namespaces().Get(t.Context(), "default", metav1.GetOptions{}); err != nil {
		t.Errorf("the kubeconfig's client: %v", err)
	}
	conn, err := tls.Dial("tcp", strings.TrimPrefix(s.URL(), "https://"), &tls.Config{InsecureSkipVerify: true, NextProtos: []string{"h2"}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if proto := conn.ConnectionState().NegotiatedProtocol; proto != "h2" {
		t.Errorf("negotiated %q, want h2 as kube-apiserver", proto)
	}
}

func TestPlainHTTP(t *testing.T) {
	s := server.StartForTest(t, server.Options{PlainHTTP: true})
	if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") {
		t.Fatalf("URL %s, want http", s.URL())
	}
	if got := status(t, s, ""); got != http.StatusUnauthorized {
		t.Errorf("no credentials over plain HTTP: %d, want 401", got)
	}
	if _, err := kubernetes.NewForConfigOrDie(s.RESTConfig()).CoreV1().Namespaces().Get(t.Context(), "default", metav1.GetOptions{}); err != nil {
		t.Errorf("RESTConfig's client: %v", err)
	}
}

// Only loopback addresses, unless BindAllInterfaces allows others, with a
// warning.
func TestNonLoopbackAddresses(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0", "[::]:0"} {
		_, err := server.Start(t.Context(), server.Options{Addr: addr})
		if err == nil || !strings.Contains(err.Error(), "every interface") || !strings.Contains(err.Error(), "BindAllInterfaces") {
			t.Errorf("Addr %s: %v, want a refusal that names BindAllInterfaces", addr, err)
		}
	}
	for _, addr := range []string{"127.0.0.1:0", "localhost:0"} {
		s := server.StartForTest(t, server.Options{Addr: addr})
		if len(s.Warnings()) != 0 {
			t.Errorf("Addr %s: warnings %q", addr, s.Warnings())
		}
	}
	s := server.StartForTest(t, server.Options{Addr: "0.0.0.0:0", BindAllInterfaces: true})
	if w := strings.Join(s.Warnings(), "\n"); !strings.Contains(w, "not only loopback") {
		t.Errorf("warnings %q, want one about the address", w)
	}
	if !strings.HasPrefix(s.URL(), "https://127.0.0.1:") {
		t.Errorf("URL %s, want the loopback address clients can use", s.URL())
	}
	if _, err := kubernetes.NewForConfigOrDie(s.RESTConfig()).CoreV1().Namespaces().Get(t.Context(), "default", metav1.GetOptions{}); err != nil {
		t.Errorf("RESTConfig's client: %v", err)
	}
}
