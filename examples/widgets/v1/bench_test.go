package v1_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validation"
	metav1validation "k8s.io/apimachinery/pkg/apis/meta/v1/validation"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
)

// The benchmarks compare the generated Validate_Widget with what a
// hand-written validation.go does for the same rules: apimachinery's
// metadata validation plus the field checks written out.
//
//	go test ./examples/widgets/v1 -run XXX -bench . -benchmem

func BenchmarkGeneratedCreate(b *testing.B) {
	obj := validWidget()
	ctx, op := context.Background(), operation.Operation{Type: operation.Create}
	b.ReportAllocs()
	for b.Loop() {
		if errs := widgetsv1.Validate_Widget(ctx, op, nil, obj, nil); len(errs) != 0 {
			b.Fatal(errs)
		}
	}
}

func BenchmarkGeneratedUpdate(b *testing.B) {
	obj, old := validWidget(), validWidget()
	obj.Spec.Color = "blue"
	ctx, op := context.Background(), operation.Operation{Type: operation.Update}
	b.ReportAllocs()
	for b.Loop() {
		if errs := widgetsv1.Validate_Widget(ctx, op, nil, obj, old); len(errs) != 0 {
			b.Fatal(errs)
		}
	}
}

func BenchmarkHandwrittenCreate(b *testing.B) {
	obj := validWidget()
	b.ReportAllocs()
	for b.Loop() {
		if errs := handwrittenValidate(obj); len(errs) != 0 {
			b.Fatal(errs)
		}
	}
}

func BenchmarkHandwrittenUpdate(b *testing.B) {
	obj, old := validWidget(), validWidget()
	obj.Spec.Color = "blue"
	b.ReportAllocs()
	for b.Loop() {
		metadata := field.NewPath("metadata")
		errs := validation.ValidateObjectMetaAccessorUpdate(&obj.ObjectMeta, &old.ObjectMeta, metadata)
		errs = append(errs, handwrittenFields(obj)...)
		if len(errs) != 0 {
			b.Fatal(errs)
		}
	}
}

// The hand-written equivalent agrees with the generated code, so that the
// benchmarks compare like with like.
func TestHandwrittenEquivalentAgrees(t *testing.T) {
	if errs := handwrittenValidate(validWidget()); len(errs) != 0 {
		t.Fatal(errs)
	}
	bad := validWidget()
	bad.Spec.Color = "Red"
	bad.Spec.Parts[1].Name = "Wheel"
	if got := handwrittenValidate(bad); len(got) != 2 {
		t.Fatalf("hand-written checks missed errors: %v", got)
	}
}

var colorPattern = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)

func handwrittenValidate(obj *widgetsv1.Widget) field.ErrorList {
	metadata := field.NewPath("metadata")
	errs := validation.ValidateObjectMetaAccessor(&obj.ObjectMeta, true, validation.NameIsDNSSubdomain, metadata)
	for i, name := range obj.Finalizers {
		if !strings.Contains(name, "/") && name != "kubernetes" && name != "orphan" && name != "foregroundDeletion" {
			errs = append(errs, field.Invalid(metadata.Child("finalizers").Index(i), name, "name is neither a standard finalizer name nor is it fully qualified"))
		}
		if strings.HasPrefix(name, "widgets.example.com/") && name != "widgets.example.com/cleanup" {
			errs = append(errs, field.NotSupported(metadata.Child("finalizers").Index(i), name, []string{"widgets.example.com/cleanup"}))
		}
	}
	return append(errs, handwrittenFields(obj)...)
}

func handwrittenFields(obj *widgetsv1.Widget) field.ErrorList {
	var errs field.ErrorList
	spec := field.NewPath("spec")
	switch color := obj.Spec.Color; {
	case color == "":
		errs = append(errs, field.Required(spec.Child("color"), ""))
	case len(color) > 32:
		errs = append(errs, field.TooLong(spec.Child("color"), color, 32))
	case !colorPattern.MatchString(color):
		errs = append(errs, field.Invalid(spec.Child("color"), color, "must match the regular expression '"+colorPattern.String()+"'"))
	}
	if r := obj.Spec.Replicas; r != nil && (*r < 0 || *r > 100) {
		errs = append(errs, field.Invalid(spec.Child("replicas"), *r, "must be between 0 and 100"))
	}
	if len(obj.Spec.Parts) > 16 {
		errs = append(errs, field.TooMany(spec.Child("parts"), len(obj.Spec.Parts), 16))
	}
	seen := map[string]bool{}
	for i, part := range obj.Spec.Parts {
		if seen[part.Name] {
			errs = append(errs, field.Duplicate(spec.Child("parts").Index(i), part))
		}
		seen[part.Name] = true
		for _, msg := range utilvalidation.IsDNS1123Label(part.Name) {
			errs = append(errs, field.Invalid(spec.Child("parts").Index(i).Child("name"), part.Name, msg))
		}
		for j, supplier := range part.Suppliers {
			for _, msg := range utilvalidation.IsDNS1123Subdomain(supplier) {
				errs = append(errs, field.Invalid(spec.Child("parts").Index(i).Child("suppliers").Index(j), supplier, msg))
			}
		}
	}
	if len(obj.Spec.Settings) > 32 {
		errs = append(errs, field.TooMany(spec.Child("settings"), len(obj.Spec.Settings), 32))
	}
	for key := range obj.Spec.Settings {
		errs = append(errs, metav1validation.ValidateLabelName(key, spec.Child("settings"))...)
	}
	status := field.NewPath("status")
	if obj.Status.ObservedGeneration < 0 {
		errs = append(errs, field.Invalid(status.Child("observedGeneration"), obj.Status.ObservedGeneration, "must be greater than or equal to 0"))
	}
	return append(errs, metav1validation.ValidateConditions(obj.Status.Conditions, status.Child("conditions"))...)
}
