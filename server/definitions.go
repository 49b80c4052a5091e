package server

import (
	"maps"

	certificatesv1 "k8s.io/api/certificates/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// The OpenAPI definitions of the built-in resources the server serves, as
// kube-apiserver's generated ones: their structure (list and map types,
// keys), which server-side apply needs, and the descriptions k8s.io/api
// generates (SwaggerDoc), which kubectl explain shows. Their metav1
// dependencies come from apiextensions' definitions.

// namespaceDefinitions: spec.finalizers is atomic, status.conditions a map
// keyed by type.
func namespaceDefinitions(ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
	d := definitionBuilder{ref}
	nsName, specName, statusName := corev1.Namespace{}.OpenAPIModelName(), corev1.NamespaceSpec{}.OpenAPIModelName(), corev1.NamespaceStatus{}.OpenAPIModelName()
	conditionName := corev1.NamespaceCondition{}.OpenAPIModelName()
	timeName := metav1.Time{}.OpenAPIModelName()

	condition := object(map[string]spec.Schema{
		"type": str, "status": str, "reason": str, "message": str,
		"lastTransitionTime": d.ref(timeName),
	}, timeName)
	condition.Schema.Required = []string{"type", "status"}
	return describe(map[string]common.OpenAPIDefinition{
		nsName: d.resource(specName, statusName),
		specName: object(map[string]spec.Schema{
			"finalizers": list(str, spec.Extensions{"x-kubernetes-list-type": "atomic"}),
		}),
		statusName: object(map[string]spec.Schema{
			"phase":      str,
			"conditions": list(d.ref(conditionName), conditionsByType),
		}, conditionName),
		conditionName: condition,
		corev1.NamespaceList{}.OpenAPIModelName(): d.list(nsName),
	}, corev1.Namespace{}, corev1.NamespaceSpec{}, corev1.NamespaceStatus{}, corev1.NamespaceCondition{}, corev1.NamespaceList{})
}

// podCertificateRequestDefinitions: spec.unverifiedUserAnnotations is a
// map, status.conditions (metav1.Condition) a map keyed by type.
func podCertificateRequestDefinitions(ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
	d := definitionBuilder{ref}
	pcrName := certificatesv1.PodCertificateRequest{}.OpenAPIModelName()
	specName := certificatesv1.PodCertificateRequestSpec{}.OpenAPIModelName()
	statusName := certificatesv1.PodCertificateRequestStatus{}.OpenAPIModelName()
	conditionName, timeName := metav1.Condition{}.OpenAPIModelName(), metav1.Time{}.OpenAPIModelName()

	pcrSpec := object(map[string]spec.Schema{
		"signerName": str, "podName": str, "podUID": str, "serviceAccountName": str, "serviceAccountUID": str,
		"nodeName": str, "nodeUID": str,
		"maxExpirationSeconds":      {SchemaProps: spec.SchemaProps{Type: []string{"integer"}, Format: "int32"}},
		"stubPKCS10Request":         {SchemaProps: spec.SchemaProps{Type: []string{"string"}, Format: "byte"}},
		"unverifiedUserAnnotations": {SchemaProps: spec.SchemaProps{Type: []string{"object"}, AdditionalProperties: &spec.SchemaOrBool{Allows: true, Schema: &str}}},
	})
	pcrSpec.Schema.Required = []string{"signerName", "podName", "podUID", "serviceAccountName", "serviceAccountUID", "nodeName", "nodeUID", "stubPKCS10Request"}
	return describe(map[string]common.OpenAPIDefinition{
		pcrName:  d.resource(specName, statusName),
		specName: pcrSpec,
		statusName: object(map[string]spec.Schema{
			"conditions":       list(d.ref(conditionName), conditionsByType),
			"certificateChain": str,
			"notBefore":        d.ref(timeName), "beginRefreshAt": d.ref(timeName), "notAfter": d.ref(timeName),
		}, conditionName, timeName),
		certificatesv1.PodCertificateRequestList{}.OpenAPIModelName(): d.list(pcrName),
	}, certificatesv1.PodCertificateRequest{}, certificatesv1.PodCertificateRequestSpec{},
		certificatesv1.PodCertificateRequestStatus{}, certificatesv1.PodCertificateRequestList{})
}

// documented is a k8s.io/api type with its generated descriptions.
type documented interface {
	OpenAPIModelName() string
	SwaggerDoc() map[string]string
}

// describe sets the descriptions of the types' definitions and of their
// properties from SwaggerDoc, with TypeMeta's for kind and apiVersion, as
// openapi-gen writes them from the same comments.
func describe(defs map[string]common.OpenAPIDefinition, types ...documented) map[string]common.OpenAPIDefinition {
	typeMeta := metav1.TypeMeta{}.SwaggerDoc()
	for _, t := range types {
		name := t.OpenAPIModelName()
		def, ok := defs[name]
		if !ok {
			continue
		}
		doc := t.SwaggerDoc()
		def.Schema.Description = doc[""]
		properties := maps.Clone(def.Schema.Properties)
		for property, schema := range properties {
			if text, ok := doc[property]; ok {
				schema.Description = text
			} else if text, ok := typeMeta[property]; ok {
				schema.Description = text
			}
			properties[property] = schema
		}
		def.Schema.Properties = properties
		defs[name] = def
	}
	return defs
}

var str = spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}}}

// conditionsByType are the extensions of a conditions list.
var conditionsByType = spec.Extensions{
	"x-kubernetes-list-map-keys": []any{"type"}, "x-kubernetes-list-type": "map",
	"x-kubernetes-patch-merge-key": "type", "x-kubernetes-patch-strategy": "merge",
}

func object(properties map[string]spec.Schema, dependencies ...string) common.OpenAPIDefinition {
	return common.OpenAPIDefinition{
		Schema:       spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}, Properties: properties}},
		Dependencies: dependencies,
	}
}

func list(items spec.Schema, extensions spec.Extensions) spec.Schema {
	return spec.Schema{
		VendorExtensible: spec.VendorExtensible{Extensions: extensions},
		SchemaProps:      spec.SchemaProps{Type: []string{"array"}, Items: &spec.SchemaOrArray{Schema: &items}},
	}
}

// definitionBuilder makes the schemas that refer to other definitions.
type definitionBuilder struct{ refOf common.ReferenceCallback }

func (d definitionBuilder) ref(name string) spec.Schema {
	return spec.Schema{SchemaProps: spec.SchemaProps{Ref: d.refOf(name)}}
}

// defaultedRef is a reference to a struct that is not a pointer in Go,
// which openapi-gen defaults to {}.
func (d definitionBuilder) defaultedRef(name string) spec.Schema {
	s := d.ref(name)
	s.Default = map[string]any{}
	return s
}

// resource is a kind with metadata, spec and status.
func (d definitionBuilder) resource(specName, statusName string) common.OpenAPIDefinition {
	objectMeta := metav1.ObjectMeta{}.OpenAPIModelName()
	return object(map[string]spec.Schema{
		"kind": str, "apiVersion": str,
		"metadata": d.defaultedRef(objectMeta), "spec": d.defaultedRef(specName), "status": d.defaultedRef(statusName),
	}, specName, statusName, objectMeta)
}

// list is the List kind of items.
func (d definitionBuilder) list(itemName string) common.OpenAPIDefinition {
	listMeta := metav1.ListMeta{}.OpenAPIModelName()
	l := object(map[string]spec.Schema{
		"kind": str, "apiVersion": str, "metadata": d.defaultedRef(listMeta),
		"items": list(d.defaultedRef(itemName), nil),
	}, itemName, listMeta)
	l.Schema.Required = []string{"items"}
	return l
}
