// Package webhook serves a CRD's conversion webhook (an apiextensions.k8s.io
// ConversionReview) through a scheme's generated conversions: each object
// goes from its version to the internal version and on to the desired one,
// as an aggregated API server converts. It lets the real kube-apiserver
// serve examples/gizmos as a CRD in both versions with metagen's
// conversions (hack/e2e/suites TestGizmosConversion).
package webhook

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// maxReview bounds a request body; kube-apiserver sends one object per
// request for a write and a list page for a read.
const maxReview = 32 << 20

// Handler answers ConversionReviews of apiextensions.k8s.io/v1 with the
// scheme's conversions. A failed conversion is a Failure result naming the
// object, which the API server returns to its client.
func Handler(scheme *runtime.Scheme) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, maxReview))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var review apiextensionsv1.ConversionReview
		if err := json.Unmarshal(body, &review); err != nil || review.Request == nil {
			http.Error(w, fmt.Sprintf("want a ConversionReview with a request: %v", err), http.StatusBadRequest)
			return
		}
		review.Response = Review(scheme, review.Request)
		review.Request = nil
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(&review)
	})
}

// Review converts the request's objects to its desired version.
func Review(scheme *runtime.Scheme, request *apiextensionsv1.ConversionRequest) *apiextensionsv1.ConversionResponse {
	response := &apiextensionsv1.ConversionResponse{UID: request.UID, Result: metav1.Status{Status: metav1.StatusSuccess}}
	desired, err := schema.ParseGroupVersion(request.DesiredAPIVersion)
	if err != nil {
		return failed(response, err)
	}
	for i, object := range request.Objects {
		converted, err := Convert(scheme, object.Raw, desired)
		if err != nil {
			return failed(response, fmt.Errorf("object %d: %w", i, err))
		}
		response.ConvertedObjects = append(response.ConvertedObjects, runtime.RawExtension{Raw: converted})
	}
	return response
}

func failed(response *apiextensionsv1.ConversionResponse, err error) *apiextensionsv1.ConversionResponse {
	response.ConvertedObjects = nil
	response.Result = metav1.Status{Status: metav1.StatusFailure, Message: err.Error()}
	return response
}

// Convert reads one object in its version (from its apiVersion and kind)
// and returns it in desired, through the internal version.
func Convert(scheme *runtime.Scheme, raw []byte, desired schema.GroupVersion) ([]byte, error) {
	var meta metav1.TypeMeta
	if err := json.Unmarshal(raw, &meta); err != nil {
		return nil, err
	}
	from := meta.GroupVersionKind()
	in, err := scheme.New(from)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, in); err != nil {
		return nil, fmt.Errorf("%s %s: %w", from.GroupVersion(), from.Kind, err)
	}
	internal, err := scheme.New(from.GroupKind().WithVersion(runtime.APIVersionInternal))
	if err != nil {
		return nil, err
	}
	to := desired.WithKind(from.Kind)
	out, err := scheme.New(to)
	if err != nil {
		return nil, err
	}
	if err := scheme.Convert(in, internal, nil); err != nil {
		return nil, err
	}
	if err := scheme.Convert(internal, out, nil); err != nil {
		return nil, err
	}
	out.GetObjectKind().SetGroupVersionKind(to)
	return json.Marshal(out)
}
