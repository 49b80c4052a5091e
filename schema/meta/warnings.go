package meta

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
)

// WarningRecorder receives warnings while an object is validated.
// k8s.io/apiserver/pkg/warning.Recorder satisfies it.
type WarningRecorder interface {
	AddWarning(agent, text string)
}

// Warnings is a WarningRecorder that keeps the texts in order.
type Warnings []string

// AddWarning appends text.
func (w *Warnings) AddWarning(_, text string) { *w = append(*w, text) }

type recorderKey struct{}

// WithWarningRecorder returns a context whose validations send their warnings
// to recorder, as kube-apiserver sends them in Warning headers.
func WithWarningRecorder(ctx context.Context, recorder WarningRecorder) context.Context {
	return context.WithValue(ctx, recorderKey{}, recorder)
}

// RecordWarnings sends the warnings for obj to the context's recorder, if any.
// kube-apiserver warns only about objects that passed validation, so callers
// record after a validation that found nothing.
func (r *Rules) RecordWarnings(ctx context.Context, op operation.Operation, obj, oldObj *metav1.ObjectMeta) {
	recorder, _ := ctx.Value(recorderKey{}).(WarningRecorder)
	if recorder == nil {
		return
	}
	if op.Type != operation.Update {
		oldObj = nil
	}
	for _, text := range r.Warnings(obj, oldObj) {
		recorder.AddWarning("", text)
	}
}

// Warnings returns the warnings kube-apiserver sends with a successful create
// (oldObj nil) or update: for custom resources, one for each problem of each
// finalizer the request adds (in name order), as the apiextensions-apiserver
// strategy's WarningsOnCreate and WarningsOnUpdate do. Built-in types get
// errors for these instead, and no warnings.
func (r *Rules) Warnings(obj, oldObj *metav1.ObjectMeta) []string {
	if !r.CustomResource || !needsFinalizerWarning(obj.Finalizers) {
		return nil
	}
	var old []string
	if oldObj != nil {
		old = oldObj.Finalizers
	}
	var warnings []string
	for _, name := range addedFinalizers(obj.Finalizers, old) {
		warnings = append(warnings, finalizerWarnings(name)...)
	}
	return warnings
}

// finalizersPath is where the custom resource strategy reports finalizer
// warnings, whatever the path of the metadata being validated.
const finalizersPath = "metadata.finalizers"

// finalizerWarnings mirrors validateKubeFinalizerName of
// k8s.io/apiextensions-apiserver/pkg/registry/customresource (validator.go),
// which this package cannot import.
func finalizerWarnings(name string) []string {
	var warnings []string
	for _, msg := range utilvalidation.IsQualifiedName(name) {
		warnings = append(warnings, fmt.Sprintf("%s: %q: %s", finalizersPath, name, msg))
	}
	if strings.Contains(name, "/") || IsStandardFinalizerName(name) {
		return warnings
	}
	including := ""
	if strings.Contains(name, ".") {
		including = " including a path (/)"
	}
	return append(warnings, fmt.Sprintf("%s: %q: prefer a domain-qualified finalizer name%s to avoid accidental conflicts with other finalizer writers", finalizersPath, name, including))
}

// needsFinalizerWarning is the quick pass: no finalizer could warn.
func needsFinalizerWarning(finalizers []string) bool {
	for _, name := range finalizers {
		if !strings.Contains(name, "/") || !isQualifiedName(name) {
			return true
		}
	}
	return false
}

// addedFinalizers returns the names in finalizers but not in old, sorted and
// without duplicates.
func addedFinalizers(finalizers, old []string) []string {
	var added []string
	for _, name := range finalizers {
		if !slices.Contains(old, name) && !slices.Contains(added, name) {
			added = append(added, name)
		}
	}
	sort.Strings(added)
	return added
}
