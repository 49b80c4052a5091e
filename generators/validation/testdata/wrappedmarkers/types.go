package wrappedmarkers

// Schema has markers and wrapped tags that say the same.
type Schema struct {
	// One beta check.
	// +required
	// +k8s:beta(since: "1.37")=+k8s:required
	Type string `json:"type"`

	// One alpha check, the tag written first.
	// +k8s:alpha(since: "1.37")=+k8s:required
	// +required
	Selector *string `json:"selector"`

	// +kubebuilder:validation:Required
	// +k8s:beta=+k8s:required
	Handler *string `json:"handler"`

	// Required only while Strict is enabled: the tag decides.
	// +required
	// +k8s:ifEnabled(Strict)=+k8s:required
	Strict *string `json:"strict"`

	// As scheduling/v1beta1's preemptionPolicy: forbidden while the
	// option is disabled, optional while it is enabled.
	// +optional
	// +k8s:ifDisabled(Preemption)=+k8s:forbidden
	// +k8s:ifEnabled(Preemption)=+k8s:optional
	// +k8s:ifEnabled(Preemption)=+k8s:format=k8s-short-name
	Policy *string `json:"policy,omitempty"`

	// An optional value with a default is required to the server: once,
	// beta.
	// +optional
	// +default="auto"
	// +k8s:beta=+k8s:optional
	Defaulted *string `json:"defaulted,omitempty"`

	// A kubebuilder presence marker gives way to any presence tag.
	// +kubebuilder:validation:Required
	// +k8s:beta=+k8s:optional
	// +k8s:beta=+k8s:maxLength=3
	Note *string `json:"note,omitempty"`

	// +kubebuilder:validation:MaxLength=5
	// +k8s:alpha(since: "1.37")=+k8s:maxLength=5
	Name string `json:"name,omitempty"`

	// The bound is the beta tag's; Maximum has no tag and is a rule of its
	// own.
	// +k8s:beta=+k8s:minimum=1
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=10
	Replicas int32 `json:"replicas,omitempty"`

	// +listType=atomic
	// +kubebuilder:validation:MaxItems=2
	// +k8s:ifEnabled(Strict)=+k8s:maxItems=2
	// +kubebuilder:validation:items:MaxLength=3
	// +k8s:eachVal=+k8s:beta=+k8s:maxLength=3
	Tags []string `json:"tags,omitempty"`
}
