package webhook_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/metagen-dev/metagen/examples/gizmos/install"
	gizmosv1 "github.com/metagen-dev/metagen/examples/gizmos/v1"
	gizmosv1beta1 "github.com/metagen-dev/metagen/examples/gizmos/v1beta1"
	"github.com/metagen-dev/metagen/examples/gizmos/webhook"
)

func scheme(t *testing.T) *runtime.Scheme {
	t.Helper()
	s, err := install.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// post sends a ConversionReview over HTTPS, as kube-apiserver does, and
// returns the response.
func post(t *testing.T, desired string, objects ...string) *apiextensionsv1.ConversionResponse {
	t.Helper()
	srv := httptest.NewTLSServer(webhook.Handler(scheme(t)))
	defer srv.Close()
	review := apiextensionsv1.ConversionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "ConversionReview"},
		Request:  &apiextensionsv1.ConversionRequest{UID: "u1", DesiredAPIVersion: desired},
	}
	for _, o := range objects {
		review.Request.Objects = append(review.Request.Objects, runtime.RawExtension{Raw: []byte(o)})
	}
	body, _ := json.Marshal(review)
	resp, err := srv.Client().Post(srv.URL, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	var got apiextensionsv1.ConversionReview
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.Response == nil || got.Response.UID != "u1" {
		t.Fatalf("response %+v, want one for uid u1", got.Response)
	}
	return got.Response
}

func TestConvertsBothWays(t *testing.T) {
	resp := post(t, "gizmos.example.com/v1",
		`{"apiVersion":"gizmos.example.com/v1beta1","kind":"Gizmo","metadata":{"name":"a","labels":{"k":"v"}},"spec":{"color":"red","count":3}}`)
	if resp.Result.Status != metav1.StatusSuccess || len(resp.ConvertedObjects) != 1 {
		t.Fatalf("result %+v, %d objects", resp.Result, len(resp.ConvertedObjects))
	}
	var v1 gizmosv1.Gizmo
	if err := json.Unmarshal(resp.ConvertedObjects[0].Raw, &v1); err != nil {
		t.Fatal(err)
	}
	if v1.APIVersion != "gizmos.example.com/v1" || v1.Kind != "Gizmo" || v1.Name != "a" || v1.Labels["k"] != "v" ||
		v1.Spec.Color != "red" || v1.Spec.Replicas == nil || *v1.Spec.Replicas != 3 {
		t.Fatalf("v1beta1 -> v1: %s", resp.ConvertedObjects[0].Raw)
	}

	resp = post(t, "gizmos.example.com/v1beta1", string(resp.ConvertedObjects[0].Raw),
		`{"apiVersion":"gizmos.example.com/v1","kind":"Gizmo","metadata":{"name":"b"},"spec":{"replicas":5}}`)
	if len(resp.ConvertedObjects) != 2 {
		t.Fatalf("result %+v, %d objects", resp.Result, len(resp.ConvertedObjects))
	}
	for i, want := range []int32{3, 5} {
		var beta gizmosv1beta1.Gizmo
		if err := json.Unmarshal(resp.ConvertedObjects[i].Raw, &beta); err != nil {
			t.Fatal(err)
		}
		if beta.APIVersion != "gizmos.example.com/v1beta1" || beta.Spec.Count != want {
			t.Errorf("object %d: v1 -> v1beta1: %s, want count %d", i, resp.ConvertedObjects[i].Raw, want)
		}
	}
}

func TestUnknownVersionFails(t *testing.T) {
	resp := post(t, "gizmos.example.com/v2",
		`{"apiVersion":"gizmos.example.com/v1","kind":"Gizmo","metadata":{"name":"b"},"spec":{}}`)
	if resp.Result.Status != metav1.StatusFailure || !strings.Contains(resp.Result.Message, "v2") || resp.ConvertedObjects != nil {
		t.Fatalf("result %+v, %d objects: want a Failure naming v2", resp.Result, len(resp.ConvertedObjects))
	}
}
