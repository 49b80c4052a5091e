package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/storage/names"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
)

// fixedName is a name generator that always returns the same name.
type fixedName string

func (n fixedName) GenerateName(string) string { return string(n) }

// Spec §1.3, C11: when every generated name is taken, the server tries 8
// times and answers 409 AlreadyExists with retryAfterSeconds 1 and the
// "not able to generate a unique name" message.
func TestGenerateNameCollisionRetries(t *testing.T) {
	defer func(g names.NameGenerator) { nameGenerator = g }(nameGenerator)
	nameGenerator = fixedName("gen-fixed")
	scheme := runtime.NewScheme()
	if err := widgetsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	s, err := Start(context.Background(), Options{Scheme: scheme})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	post := func() (int, metav1.Status) {
		body := `{"apiVersion":"widgets.example.com/v1","kind":"Widget","metadata":{"generateName":"gen-"},"spec":{"color":"red"}}`
		resp, err := s.HTTPClient().Post(s.URL()+"/apis/widgets.example.com/v1/namespaces/default/widgets", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var status metav1.Status
		_ = json.NewDecoder(resp.Body).Decode(&status)
		return resp.StatusCode, status
	}
	if code, _ := post(); code != http.StatusCreated {
		t.Fatalf("first create: %d", code)
	}
	code, status := post()
	want := `widgets.widgets.example.com "gen-fixed" already exists, the server was not able to generate a unique name for the object`
	if code != http.StatusConflict || status.Reason != metav1.StatusReasonAlreadyExists || status.Message != want ||
		status.Details == nil || status.Details.RetryAfterSeconds != 1 || status.Details.Kind != "widgets" {
		t.Errorf("second create: %d %+v\nwant 409 AlreadyExists %q, details kind widgets, retryAfterSeconds 1", code, status, want)
	}
}
