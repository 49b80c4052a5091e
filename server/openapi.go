package server

import (
	"maps"
	"reflect"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	apiextensionsapiserver "k8s.io/apiextensions-apiserver/pkg/apiserver"
	extensionsopenapi "k8s.io/apiextensions-apiserver/pkg/generated/openapi"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	openapinamer "k8s.io/apiserver/pkg/endpoints/openapi"
	genericapiserver "k8s.io/apiserver/pkg/server"
	"k8s.io/apiserver/pkg/util/openapi"
	"k8s.io/kube-openapi/pkg/common"
	openapiutil "k8s.io/kube-openapi/pkg/util"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// The generic API server needs OpenAPI models of every resource it serves:
// server-side apply and managedFields are built on them. The apiextensions
// server gets its generated ones; the Go types get the definitions the
// caller provides (openapi-gen style), or else a schema that types metadata
// and leaves the rest of the object unstructured, so managedFields track the
// rest field by field without knowing list types.

// extensionsOpenAPIConfig is the OpenAPI configuration of the apiextensions
// server, as apiextensions-apiserver's own options build it.
func extensionsOpenAPIConfig() *common.OpenAPIV3Config {
	scaleScheme := runtime.NewScheme()
	utilruntime.Must(autoscalingv1.AddToScheme(scaleScheme))
	definitions := openapi.GetOpenAPIDefinitionsWithoutDisabledFeatures(extensionsopenapi.GetOpenAPIDefinitions)
	return genericapiserver.DefaultOpenAPIV3Config(definitions, openapinamer.NewDefinitionNamer(apiextensionsapiserver.Scheme, scaleScheme))
}

// typedOpenAPIConfig is the OpenAPI configuration of the Go types' server.
func typedOpenAPIConfig(serving *runtime.Scheme, resources []typedResource, provided common.GetOpenAPIDefinitions) *common.OpenAPIV3Config {
	definitions := func(ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
		defs := extensionsopenapi.GetOpenAPIDefinitions(ref)
		if provided != nil {
			maps.Copy(defs, provided(ref))
		}
		for _, r := range resources {
			if r.definitions != nil {
				maps.Copy(defs, r.definitions(ref))
			}
		}
		// Every kind of a served group version needs a definition: the
		// routes the OpenAPI documents are built from name the resource
		// and list kinds, and a missing one would stop the server.
		served := map[schema.GroupVersion]bool{}
		for _, r := range resources {
			served[r.kind.GroupVersion()] = true
		}
		for gvk, t := range serving.AllKnownTypes() {
			if !served[gvk.GroupVersion()] || metaKinds[gvk.Kind] {
				continue
			}
			name := openapiutil.GetCanonicalTypeName(reflect.New(t).Interface())
			if _, defined := defs[name]; defined {
				continue
			}
			if meta.IsListType(reflect.New(t).Interface().(runtime.Object)) {
				defs[name] = unstructuredListDefinition(ref)
			} else {
				defs[name] = unstructuredResourceDefinition(ref)
			}
		}
		addMissingDependencies(defs)
		return defs
	}
	config := genericapiserver.DefaultOpenAPIV3Config(definitions, openapinamer.NewDefinitionNamer(serving))
	config.GetDefinitionName = withGoTypeNames(config.GetDefinitionName, serving)
	return config
}

// withGoTypeNames extends a definition namer to Go types without an
// OpenAPIModelName method: the generic server asks for those by Go path
// (github.com/org/repo/api/v1.Widget), while the scheme-based namer only
// knows their REST-friendly names (com.github.org.repo.api.v1.Widget). Both
// get the friendly name and the group-version-kind extension the field
// manager needs to find the type.
func withGoTypeNames(namer func(string) (string, spec.Extensions), scheme *runtime.Scheme) func(string) (string, spec.Extensions) {
	kinds := map[string][]interface{}{}
	for gvk, t := range scheme.AllKnownTypes() {
		name := openapiutil.GetCanonicalTypeName(reflect.New(t).Interface())
		kinds[name] = append(kinds[name], map[string]interface{}{"group": gvk.Group, "version": gvk.Version, "kind": gvk.Kind})
	}
	return func(name string) (string, spec.Extensions) {
		if friendly, extensions := namer(name); extensions != nil {
			return friendly, extensions
		}
		if gvks, ok := kinds[name]; ok {
			return openapiutil.ToRESTFriendlyName(name), spec.Extensions{"x-kubernetes-group-version-kind": gvks}
		}
		return namer(name)
	}
}

// addMissingDependencies gives every type a definition depends on, and that
// has none (a type of a package openapi-gen did not run on), a schema that
// accepts any value: the OpenAPI builder stops the process on a missing one.
func addMissingDependencies(defs map[string]common.OpenAPIDefinition) {
	for _, def := range maps.Clone(defs) {
		for _, dep := range def.Dependencies {
			if _, ok := defs[dep]; !ok {
				defs[dep] = common.OpenAPIDefinition{Schema: spec.Schema{VendorExtensible: spec.VendorExtensible{
					Extensions: spec.Extensions{"x-kubernetes-preserve-unknown-fields": true}}}}
			}
		}
	}
}

// unstructuredListDefinition is the fallback schema of a list kind: apiVersion,
// kind and ListMeta typed, items left as they are.
func unstructuredListDefinition(ref common.ReferenceCallback) common.OpenAPIDefinition {
	def := typedMetaDefinition(ref, metav1.ListMeta{}.OpenAPIModelName())
	def.Schema.Required = []string{"items"}
	def.Schema.Properties["items"] = spec.Schema{SchemaProps: spec.SchemaProps{
		Type:  []string{"array"},
		Items: &spec.SchemaOrArray{Schema: &spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}, VendorExtensible: preserveUnknownFields()}},
	}}
	return def
}

// unstructuredResourceDefinition is the fallback schema of a resource:
// apiVersion, kind and ObjectMeta typed, every other field preserved as is.
func unstructuredResourceDefinition(ref common.ReferenceCallback) common.OpenAPIDefinition {
	def := typedMetaDefinition(ref, metav1.ObjectMeta{}.OpenAPIModelName())
	def.Schema.VendorExtensible = preserveUnknownFields()
	return def
}

// preserveUnknownFields is a fresh extension each time: definitions are
// not to share maps.
func preserveUnknownFields() spec.VendorExtensible {
	return spec.VendorExtensible{Extensions: spec.Extensions{"x-kubernetes-preserve-unknown-fields": true}}
}

// typedMetaDefinition is an object with apiVersion, kind and metadata of
// the type named meta.
func typedMetaDefinition(ref common.ReferenceCallback, meta string) common.OpenAPIDefinition {
	return common.OpenAPIDefinition{
		Schema: spec.Schema{SchemaProps: spec.SchemaProps{
			Type: []string{"object"},
			Properties: map[string]spec.Schema{
				"apiVersion": {SchemaProps: spec.SchemaProps{Type: []string{"string"}}},
				"kind":       {SchemaProps: spec.SchemaProps{Type: []string{"string"}}},
				"metadata": {SchemaProps: spec.SchemaProps{
					Default: map[string]interface{}{},
					AllOf:   []spec.Schema{{SchemaProps: spec.SchemaProps{Ref: ref(meta)}}},
				}},
			},
		}},
		Dependencies: []string{meta},
	}
}
