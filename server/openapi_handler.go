package server

import (
	"maps"
	"strings"

	restful "github.com/emicklei/go-restful/v3"
	genericapiserver "k8s.io/apiserver/pkg/server"
	"k8s.io/kube-openapi/pkg/aggregator"
	builder2 "k8s.io/kube-openapi/pkg/builder"
	"k8s.io/kube-openapi/pkg/builder3"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/common/restfuladapter"
	"k8s.io/kube-openapi/pkg/handler"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// The server serves /openapi/v2 and /openapi/v3 (with
// /openapi/v3/apis/<group>/<version> for every group version) as
// kube-apiserver does, so kubectl validates, applies (server-side too) and
// explains with them. kube-apiserver's aggregator joins the documents of its
// servers; here the server of the Go types (first in the chain) serves one
// document for both: its own, built by the generic server from the Go types'
// definitions, with the apiextensions server's (the CRD API) merged in, and
// the apiextensions server's OpenAPI controllers, which kube-apiserver runs
// to add every CRD's schema, write into it.

// openAPIV2Config is the OpenAPI v2 configuration that goes with a v3 one:
// the same definitions and names, as kube-apiserver configures both.
func openAPIV2Config(v3 *common.OpenAPIV3Config) *common.Config {
	return &common.Config{
		ProtocolList:          []string{"https"},
		IgnorePrefixes:        []string{},
		Info:                  v3.Info,
		DefaultResponse:       &spec.Response{ResponseProps: spec.ResponseProps{Description: "Default Response."}},
		GetOperationIDAndTags: v3.GetOperationIDAndTags,
		GetDefinitionName:     v3.GetDefinitionName,
		GetDefinitions:        v3.GetDefinitions,
	}
}

// joinOpenAPI makes core's OpenAPI services (installed by its PrepareRun)
// the extensions server's, with the extensions server's own API in them,
// before the post-start hooks start the CRD OpenAPI controllers, which read
// the services when they start.
func joinOpenAPI(core, extensions *genericapiserver.GenericAPIServer, extensionsV3 *common.OpenAPIV3Config) error {
	webServices := restfuladapter.AdaptWebServices(extensions.Handler.GoRestfulContainer.RegisteredWebServices())
	extensionsV2, err := builder2.BuildOpenAPISpecFromRoutes(webServices, openAPIV2Config(extensionsV3))
	if err != nil {
		return err
	}
	extensionsV2.Definitions = handler.PruneDefaults(extensionsV2.Definitions)
	static := *core.StaticOpenAPISpec
	static.Paths = &spec.Paths{VendorExtensible: core.StaticOpenAPISpec.Paths.VendorExtensible, Paths: maps.Clone(core.StaticOpenAPISpec.Paths.Paths)}
	static.Definitions = maps.Clone(core.StaticOpenAPISpec.Definitions)
	static.Parameters = maps.Clone(core.StaticOpenAPISpec.Parameters)
	if err := aggregator.MergeSpecsIgnorePathConflictRenamingDefinitionsAndParameters(&static, extensionsV2); err != nil {
		return err
	}
	if err := core.OpenAPIVersionedService.UpdateSpec(&static); err != nil {
		return err
	}
	for _, ws := range extensions.Handler.GoRestfulContainer.RegisteredWebServices() {
		groupVersion := strings.TrimPrefix(ws.RootPath(), "/")
		if !strings.HasPrefix(groupVersion, "apis/") || strings.Count(groupVersion, "/") != 2 {
			continue // the group's own document (/apis/<group>) has no version
		}
		openAPI, err := builder3.BuildOpenAPISpecFromRoutes(restfuladapter.AdaptWebServices([]*restful.WebService{ws}), extensionsV3)
		if err != nil {
			return err
		}
		core.OpenAPIV3VersionedService.UpdateGroupVersion(groupVersion, openAPI)
	}
	extensions.StaticOpenAPISpec = &static
	extensions.OpenAPIVersionedService = core.OpenAPIVersionedService
	extensions.OpenAPIV3VersionedService = core.OpenAPIV3VersionedService
	return nil
}
