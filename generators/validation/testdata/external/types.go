package external

import (
	"context"

	certificatesv1 "k8s.io/api/certificates/v1"
	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// csr declares the rules of CertificateSigningRequest: cluster-scoped, with
// a /status subresource and a hand-written check of the whole object. Its
// fields run in declaration order: status before spec.
//
// +metagen:validation-for=k8s.io/api/certificates/v1.CertificateSigningRequest
// +genclient:nonNamespaced
// +k8s:supportsSubresource=/status
// +k8s:customValidation
type csr struct {
	Status csrStatus
	Spec   csrSpec
}

// csrSpec declares the rules of the spec. Only the declared fields are
// validated; JSON names come from the external type (expirationSeconds).
//
// +metagen:validation-for=k8s.io/api/certificates/v1.CertificateSigningRequestSpec
type csrSpec struct {
	// +k8s:required
	// +kubebuilder:validation:Pattern=`^[a-z0-9.-]+/[a-z0-9.-]+$`
	SignerName string
	// +k8s:optional
	// +k8s:minimum=600
	ExpirationSeconds *int32
	// +k8s:listType=set
	// +k8s:maxItems=3
	// +k8s:eachVal=+k8s:maxLength=20
	Usages []certificatesv1.KeyUsage
	// +k8s:customValidation
	Username string
	// +k8s:eachKey=+k8s:format=k8s-label-key
	// +k8s:eachVal=+k8s:maxItems=2
	Extra map[string]certificatesv1.ExtraValue
}

// +metagen:validation-for=k8s.io/api/certificates/v1.CertificateSigningRequestStatus
type csrStatus struct {
	// +listType=map
	// +listMapKey=type
	// +k8s:maxItems=3
	Conditions []csrCondition
}

// +metagen:validation-for=k8s.io/api/certificates/v1.CertificateSigningRequestCondition
type csrCondition struct {
	// +k8s:required
	// +kubebuilder:validation:Enum=Approved;Denied;Failed
	Type certificatesv1.RequestConditionType
	// +k8s:maxLength=16
	Reason string
}

// Template is the package's own type: its spec is validated by the
// declared rules of CertificateSigningRequestSpec.
type Template struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec certificatesv1.CertificateSigningRequestSpec `json:"spec"`
}

// ValidateCustom_CertificateSigningRequest checks what the markers cannot:
// a request is needed once the request has a signer.
func ValidateCustom_CertificateSigningRequest(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *certificatesv1.CertificateSigningRequest) field.ErrorList {
	if obj.Spec.SignerName != "" && len(obj.Spec.Request) == 0 {
		return field.ErrorList{field.Required(fldPath.Child("spec", "request"), "a signer needs a request")}
	}
	return nil
}

// ValidateCustom_CertificateSigningRequestSpec_Username rejects the
// anonymous user.
func ValidateCustom_CertificateSigningRequestSpec_Username(_ context.Context, _ operation.Operation, fldPath *field.Path, obj, _ *string) field.ErrorList {
	if *obj == "system:anonymous" {
		return field.ErrorList{field.Forbidden(fldPath, "anonymous requests are not signed")}
	}
	return nil
}
