package server

import (
	"maps"
	"net/http"
	"strings"
	"sync"

	restful "github.com/emicklei/go-restful/v3"
	genericapiserver "k8s.io/apiserver/pkg/server"
	"k8s.io/kube-openapi/pkg/aggregator"
	builder2 "k8s.io/kube-openapi/pkg/builder"
	"k8s.io/kube-openapi/pkg/builder3"
	"k8s.io/kube-openapi/pkg/cached"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/common/restfuladapter"
	"k8s.io/kube-openapi/pkg/handler"
	"k8s.io/kube-openapi/pkg/handler3"
	"k8s.io/kube-openapi/pkg/spec3"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// The server serves /openapi/v2 and /openapi/v3 (with
// /openapi/v3/apis/<group>/<version> for every group version) as
// kube-apiserver does, so kubectl validates, applies (server-side too) and
// explains with them. kube-apiserver's aggregator joins the documents of its
// servers; here the server of the Go types (first in the chain) serves one
// document for both: the Go types', from their definitions, the
// apiextensions server's (the CRD API), and what the apiextensions server's
// OpenAPI controllers, which kube-apiserver runs too, add for every CRD.
//
// The documents are built on first request, not at start: building them
// takes longer than the rest of a start, and most tests never ask.

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

// openAPISource is one server's routes and OpenAPI configuration.
type openAPISource struct {
	server *genericapiserver.GenericAPIServer
	config *common.OpenAPIV3Config
}

// serveOpenAPI installs /openapi/v2 and /openapi/v3 on core's mux for both
// servers, and makes them the extensions server's OpenAPI services before
// its post-start hooks start the CRD OpenAPI controllers (which read them
// when they start).
func serveOpenAPI(core, extensions openAPISource) error {
	mux := core.server.Handler.NonGoRestfulMux
	v3 := handler3.NewOpenAPIService()
	if err := v3.RegisterOpenAPIV3VersionedService("/openapi/v3", mux); err != nil {
		return err
	}
	// One build at a time: DefaultOpenAPIV3Config computes Definitions once
	// and every build of the config shares them, while builder3 edits the
	// definitions' extension maps as it goes; the handler prepares group
	// versions concurrently (kube-apiserver builds them one by one at start).
	var buildMu sync.Mutex
	for _, source := range []openAPISource{core, extensions} {
		for _, ws := range source.server.Handler.GoRestfulContainer.RegisteredWebServices() {
			groupVersion := strings.TrimPrefix(ws.RootPath(), "/")
			if !isGroupVersionPath(groupVersion) {
				continue
			}
			v3.UpdateGroupVersionLazy(groupVersion, cached.Once(cached.Func(func() (*spec3.OpenAPI, string, error) {
				buildMu.Lock()
				defer buildMu.Unlock()
				openAPI, err := builder3.BuildOpenAPISpecFromRoutes(restfuladapter.AdaptWebServices([]*restful.WebService{ws}), source.config)
				return openAPI, "static", err // the served document's ETag is its hash
			})))
		}
	}

	// The v2 controller merges the CRDs into the static document it is
	// given, when the document is asked for: the static one is filled in on
	// the first request, before anything reads it.
	static := &spec.Swagger{}
	var buildOnce sync.Once
	var buildErr error
	ensureStatic := func() error {
		buildOnce.Do(func() {
			var joined *spec.Swagger
			if joined, buildErr = staticOpenAPIV2(core, extensions); buildErr == nil {
				*static = *joined
			}
		})
		return buildErr
	}
	v2 := handler.NewOpenAPIServiceLazy(cached.Func(func() (*spec.Swagger, string, error) {
		return static, "static", ensureStatic()
	}))
	v2.RegisterOpenAPIVersionedService("/openapi/v2", pathHandlerFunc(func(path string, h http.Handler) {
		mux.Handle(path, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if err := ensureStatic(); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			h.ServeHTTP(w, r)
		}))
	}))

	extensions.server.StaticOpenAPISpec = static
	extensions.server.OpenAPIVersionedService = v2
	extensions.server.OpenAPIV3VersionedService = v3
	return nil
}

// staticOpenAPIV2 builds both servers' OpenAPI v2 documents and joins them.
func staticOpenAPIV2(core, extensions openAPISource) (*spec.Swagger, error) {
	var joined *spec.Swagger
	for _, source := range []openAPISource{core, extensions} {
		webServices := restfuladapter.AdaptWebServices(source.server.Handler.GoRestfulContainer.RegisteredWebServices())
		document, err := builder2.BuildOpenAPISpecFromRoutes(webServices, openAPIV2Config(source.config))
		if err != nil {
			return nil, err
		}
		document.Definitions = handler.PruneDefaults(document.Definitions)
		if joined == nil {
			joined = document
			continue
		}
		if err := aggregator.MergeSpecsIgnorePathConflictRenamingDefinitionsAndParameters(joined, document); err != nil {
			return nil, err
		}
	}
	joined.Definitions = maps.Clone(joined.Definitions)
	return joined, nil
}

// isGroupVersionPath reports whether path is api/<version> or
// apis/<group>/<version>: a group version's own document.
func isGroupVersionPath(path string) bool {
	parts := strings.Split(path, "/")
	return (len(parts) == 2 && parts[0] == "api") || (len(parts) == 3 && parts[0] == "apis")
}

// pathHandlerFunc is a common.PathHandler.
type pathHandlerFunc func(path string, handler http.Handler)

func (f pathHandlerFunc) Handle(path string, handler http.Handler) { f(path, handler) }
