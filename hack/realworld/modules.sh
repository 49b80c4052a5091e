# The real modules of the realworld harness; sourced by run.sh.
#
# Each mod_<name> function sets:
#   M_MOD M_VER      module path and version (from the Go module proxy)
#   M_KIND           cg (k8s.io/code-generator user) or kb (kubebuilder/controller-gen user) or both
#   M_PKGS           API package directories (relative to the module root): copied with their
#                    in-module imports, and given to metagen as ./DIR each
#   M_GENS           metagen -g list: the generators that do what the module's own tools did
#   M_CRD_PKGS       packages whose CRDs are compared; metagen runs with --crd-dir rw-metagen-crds
#                    (no source edit)
#   M_MG_FLAGS       metagen's flags for the project's anchor options (M_CG_OPTS, M_CLIENT_FLAGS)
#   M_CRD_SHIPPED    MODULE@VERSION:DIR of the CRD YAML the project ships (controller-gen output)
#   M_CG_OPTS        the controller-gen crd generator with the options the project's Makefile uses
#   M_DC_TOOL        the project's deepcopy generator (deepcopy-gen or controller-gen): timed only
#   M_CLIENT_PKGS    packages whose client the project generates (the anchors' client-gen inputs)
#   M_APPLY M_WATCH  1 when the project generates apply configurations (kube_codegen.sh
#                    --with-applyconfig) / listers and informers (--with-watch): the anchors do the same
#                    (metagen: --with-applyconfig=false / --with-watch=false in M_MG_FLAGS otherwise)
#   M_SHIPPED_CLIENT DIR of the shipped generated client, relative to the module root
#   M_SHIPPED_MAP    renames of the shipped layout to metagen's (clientset/versioned=clientset, ...)
#   M_CLIENT_FLAGS   extra flags the project gives client-gen, lister-gen and informer-gen
#                    (e.g. --plural-exceptions=...); the anchors get them too
#   M_DC_UPFILE      upstream's deepcopy file name when the project renames it (default zz_generated.deepcopy.go)
#   M_GO_GET         module@version arguments to go get in the copy after go mod tidy: a dependency the
#                    project pins that does not build with the k8s.io release metagen's module brings
#   M_FUZZ_DEPTH     the conversion fuzzer's maximum depth, for recursive types (0: randfill's default)
#   M_RM_EXTRA       more generated file names to remove in mg (renamed outputs of the tools metagen replaces)
# Versions are pinned: the harness is meant to give the same answer every run.

MODULES="metrics kube-aggregator snapshotter cert-manager kueue kuberay flux-source gateway-api cluster-api prometheus-operator
	apiextensions sample-apiserver sample-controller kube-scheduler descheduler network-policy-api mcs-api nfd
	inference-extension istio jobset trainer velero kyverno flux-kustomize
	frr-k8s kwok katib envoy-gateway whereabouts kubelet flux-helm kube-proxy"


reset_module() {
	M_MOD= M_VER= M_KIND= M_PKGS= M_GENS= M_CRD_PKGS= M_CRD_SHIPPED= M_CG_OPTS=crd M_DC_TOOL=deepcopy-gen
	M_CLIENT_PKGS= M_APPLY=1 M_WATCH=1 M_SHIPPED_CLIENT= M_SHIPPED_MAP= M_CLIENT_FLAGS= M_MG_FLAGS=
	M_DC_UPFILE=zz_generated.deepcopy.go M_RM_EXTRA= M_FUZZ_DEPTH=0 M_GO_GET=
}

mod_metrics() { # k8s.io/metrics: kube_codegen.sh gen_helpers + gen_client; openapi-gen's model names in-package
	M_MOD=k8s.io/metrics M_VER=v0.37.2 M_KIND=cg
	M_PKGS="pkg/apis/metrics pkg/apis/metrics/v1 pkg/apis/metrics/v1alpha1 pkg/apis/metrics/v1beta1
	        pkg/apis/custom_metrics pkg/apis/custom_metrics/v1beta1 pkg/apis/custom_metrics/v1beta2
	        pkg/apis/external_metrics pkg/apis/external_metrics/v1beta1"
	M_GENS=deepcopy,openapi,client,conversion
	M_CLIENT_PKGS="pkg/apis/metrics/v1 pkg/apis/metrics/v1alpha1 pkg/apis/metrics/v1beta1" M_APPLY=0 M_WATCH=0
	M_MG_FLAGS="--with-watch=false --with-applyconfig=false"
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset/versioned=clientset
}

mod_kube_aggregator() { # k8s.io/kube-aggregator: gen_helpers, gen_openapi (model names in-package), gen_client --with-applyconfig
	M_MOD=k8s.io/kube-aggregator M_VER=v0.37.2 M_KIND=cg
	M_PKGS="pkg/apis/apiregistration pkg/apis/apiregistration/v1 pkg/apis/apiregistration/v1beta1"
	M_GENS=deepcopy,openapi,client,conversion,defaults,prerelease-lifecycle
	M_CLIENT_PKGS="pkg/apis/apiregistration/v1 pkg/apis/apiregistration/v1beta1"
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset_generated/clientset=clientset,informers/externalversions=informers
}

mod_snapshotter() { # external-snapshotter client/v8: kube_codegen.sh (deepcopy, client) + controller-gen v0.15.0 crd
	M_MOD=github.com/kubernetes-csi/external-snapshotter/client/v8 M_VER=v8.7.0 M_KIND=both
	M_PKGS="apis/volumesnapshot/v1 apis/volumegroupsnapshot/v1 apis/volumegroupsnapshot/v1beta1 apis/volumegroupsnapshot/v1beta2"
	M_GENS=deepcopy,crd,client
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=$M_MOD@$M_VER:config/crd M_CG_OPTS=crd
	M_CLIENT_PKGS=$M_PKGS M_APPLY=0 M_MG_FLAGS=--with-applyconfig=false
	M_SHIPPED_CLIENT=. M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_cert_manager() { # cert-manager: deepcopy-gen, client-gen & co (hack/k8s-codegen.sh), controller-gen v0.21.0 crd
	M_MOD=github.com/cert-manager/cert-manager M_VER=v1.21.2 M_KIND=both
	M_PKGS="pkg/apis/acme/v1 pkg/apis/certmanager/v1 pkg/apis/meta/v1"
	M_GENS=deepcopy,crd,client
	M_CRD_PKGS="pkg/apis/acme/v1 pkg/apis/certmanager/v1" M_CRD_SHIPPED=$M_MOD@$M_VER:deploy/crds M_CG_OPTS=crd
	M_CLIENT_PKGS="pkg/apis/certmanager/v1 pkg/apis/acme/v1"
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers,applyconfigurations=applyconfiguration
}

mod_kueue() { # kueue: controller-gen object + crd:generateEmbeddedObjectMeta=true (v0.20.1 shipped), code-generator client-go/
	M_MOD=sigs.k8s.io/kueue M_VER=v0.17.0 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="apis/kueue/v1alpha1 apis/kueue/v1beta1 apis/kueue/v1beta2 apis/visibility/v1beta1 apis/visibility/v1beta2
	        apis/config/v1beta1 apis/config/v1beta2"
	M_GENS=deepcopy,crd,client
	M_CRD_PKGS="apis/kueue/v1alpha1 apis/kueue/v1beta1 apis/kueue/v1beta2"
	M_CRD_SHIPPED=$M_MOD@$M_VER:config/components/crd/bases M_CG_OPTS=crd:generateEmbeddedObjectMeta=true
	M_MG_FLAGS=--generate-embedded-object-meta
	M_CLIENT_PKGS="apis/kueue/v1beta1 apis/kueue/v1beta2 apis/visibility/v1beta1 apis/visibility/v1beta2"
	M_SHIPPED_CLIENT=client-go M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_kuberay() { # kuberay ray-operator: controller-gen object + crd:maxDescLen=0,... (v0.16.5 shipped), kube_codegen.sh gen_client
	M_MOD=github.com/ray-project/kuberay/ray-operator M_VER=v1.5.0 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="apis/ray/v1 apis/ray/v1alpha1"
	M_GENS=deepcopy,crd,client
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=$M_MOD@$M_VER:config/crd/bases
	M_CG_OPTS=crd:maxDescLen=0,generateEmbeddedObjectMeta=true,allowDangerousTypes=true
	M_MG_FLAGS="--max-desc-len=0 --generate-embedded-object-meta --allow-dangerous-types"
	M_CLIENT_PKGS="apis/ray/v1"
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_flux_source() { # fluxcd source-controller/api: controller-gen object + crd:crdVersions=v1 (v0.21.0); no client
	M_MOD=github.com/fluxcd/source-controller/api M_VER=v1.9.6 M_KIND=kb M_DC_TOOL=controller-gen
	M_PKGS="v1 v1beta1 v1beta2"
	M_GENS=deepcopy,crd
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=github.com/fluxcd/source-controller@v1.9.6:config/crd/bases
	M_CG_OPTS=crd:crdVersions=v1 M_MG_FLAGS=--crd-versions=v1
}

mod_gateway_api() { # gateway-api: controller-gen object + crd (hack/update-codegen.sh; shipped CRDs by its tools/generator), register-gen, client-gen & co with applyconfig
	M_MOD=sigs.k8s.io/gateway-api M_VER=v1.6.3 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="apis/v1 apis/v1alpha2 apis/v1alpha3 apis/v1beta1 apisx/v1alpha1"
	M_GENS=deepcopy,register,crd,client
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=$M_MOD@$M_VER:config/crd/experimental M_CG_OPTS=crd
	M_CLIENT_PKGS=$M_PKGS
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_cluster_api() { # cluster-api/api: controller-gen object + crd:crdVersions=v1 (Makefile generate-manifests-*); no client
	M_MOD=sigs.k8s.io/cluster-api/api M_VER=v1.14.2 M_KIND=kb M_DC_TOOL=controller-gen
	M_PKGS="addons/v1beta1 addons/v1beta2 core/v1beta1 core/v1beta2 ipam/v1alpha1 ipam/v1beta1 ipam/v1beta2
	        runtime/v1alpha1 runtime/v1beta2 bootstrap/kubeadm/v1beta1 bootstrap/kubeadm/v1beta2
	        controlplane/kubeadm/v1beta1 controlplane/kubeadm/v1beta2"
	M_GENS=deepcopy,crd
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=sigs.k8s.io/cluster-api@v1.14.2:core/config/crd/bases
	M_CG_OPTS=crd:crdVersions=v1 M_MG_FLAGS=--crd-versions=v1
}

mod_prometheus_operator() { # prometheus-operator pkg/apis/monitoring: controller-gen object + crd:crdVersions=v1 (Makefile generate-crds, paths=./...), client-gen & co with applyconfig
	# the main module (shipped CRDs and client) is not on the proxy: compared with the anchors only
	M_MOD=github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring M_VER=v0.95.2 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="v1 v1alpha1 v1beta1"
	M_GENS=deepcopy,crd,client
	M_CRD_PKGS=$M_PKGS M_CG_OPTS=crd:crdVersions=v1 M_MG_FLAGS=--crd-versions=v1
	M_CLIENT_PKGS=$M_PKGS
}

mod_apiextensions() { # k8s.io/apiextensions-apiserver: hack/update-codegen.sh gen_helpers, gen_openapi (model names in-package), gen_client --with-watch --with-applyconfig --versioned-name clientset (--prefers-protobuf: no metagen flag; content type only)
	M_MOD=k8s.io/apiextensions-apiserver M_VER=v0.37.2 M_KIND=cg
	M_FUZZ_DEPTH=6 # JSONSchemaProps recurses: at randfill's default depth one object does not finish
	M_PKGS="pkg/apis/apiextensions pkg/apis/apiextensions/v1 pkg/apis/apiextensions/v1beta1"
	M_GENS=deepcopy,openapi,client,conversion,defaults,prerelease-lifecycle
	M_CLIENT_PKGS="pkg/apis/apiextensions/v1 pkg/apis/apiextensions/v1beta1"
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset/clientset=clientset,informers/externalversions=informers
}

mod_sample_apiserver() { # k8s.io/sample-apiserver (an aggregated API server): hack/update-codegen.sh gen_helpers, gen_openapi (model names in-package), gen_client --with-watch --with-applyconfig (output pkg/generated)
	M_MOD=k8s.io/sample-apiserver M_VER=v0.37.2 M_KIND=cg
	M_PKGS="pkg/apis/wardle pkg/apis/wardle/v1alpha1 pkg/apis/wardle/v1beta1"
	M_GENS=deepcopy,openapi,client,conversion,defaults,prerelease-lifecycle
	M_CLIENT_PKGS="pkg/apis/wardle/v1alpha1 pkg/apis/wardle/v1beta1"
	M_SHIPPED_CLIENT=pkg/generated M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_sample_controller() { # k8s.io/sample-controller: hack/update-codegen.sh gen_helpers, gen_openapi, gen_client --with-watch --with-applyconfig (output pkg/generated), gen_register
	M_MOD=k8s.io/sample-controller M_VER=v0.36.4 M_KIND=cg
	M_PKGS="pkg/apis/samplecontroller/v1alpha1"
	M_GENS=deepcopy,register,openapi,client
	M_CLIENT_PKGS=$M_PKGS
	M_SHIPPED_CLIENT=pkg/generated M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_kube_scheduler() { # k8s.io/kube-scheduler config/v1 (component config): kubernetes' hack/update-codegen.sh deepcopy-gen, openapi-gen (model names in-package); no client
	M_MOD=k8s.io/kube-scheduler M_VER=v0.37.2 M_KIND=cg
	M_PKGS="config/v1"
	M_GENS=deepcopy,openapi
}

mod_descheduler() { # descheduler: hack/update-generated-{deep-copies,conversions,defaulters}.sh (deepcopy-gen, conversion-gen, defaulter-gen --extra-peer-dirs=pkg/apis/componentconfig/v1alpha1,pkg/api/v1alpha2: no metagen flag) on the +k8s:*-gen dirs; no client
	M_MOD=sigs.k8s.io/descheduler M_VER=v0.36.0 M_KIND=cg
	M_PKGS="pkg/api pkg/api/v1alpha2 pkg/apis/componentconfig pkg/apis/componentconfig/v1alpha1
	        pkg/framework/plugins/defaultevictor pkg/framework/plugins/podlifetime pkg/framework/plugins/nodeutilization"
	M_GENS=deepcopy,conversion,defaults
	M_GO_GET=k8s.io/component-helpers@v0.37.2 # v0.36.1's resource helpers do not build with k8s.io/api v0.37.2
}

mod_network_policy_api() { # sigs.k8s.io/network-policy-api: hack/update-codegen.sh controller-gen object, register-gen, client-gen --clientset-name versioned + applyconfiguration-gen, lister-gen, informer-gen; CRDs by its own pkg/generator (controller-tools' crd package + the api-approved annotation)
	M_MOD=sigs.k8s.io/network-policy-api M_VER=v0.3.0 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="apis/v1alpha1 apis/v1alpha2 apis/v1beta1"
	M_GENS=deepcopy,register,crd,client
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=$M_MOD@$M_VER:config/crd/experimental M_CG_OPTS=crd
	M_CLIENT_PKGS=$M_PKGS
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_mcs_api() { # sigs.k8s.io/mcs-api: Makefile controller-gen object + crd:crdVersions=v1 (schemapatch onto config/crd-base), hack/update-codegen.sh client-gen --clientset-name versioned, lister-gen, informer-gen, register-gen (no applyconfig)
	M_MOD=sigs.k8s.io/mcs-api M_VER=v0.5.2 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="pkg/apis/v1alpha1 pkg/apis/v1beta1"
	M_GENS=deepcopy,register,crd,client
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=$M_MOD@$M_VER:config/crd M_CG_OPTS=crd:crdVersions=v1
	M_CLIENT_PKGS=$M_PKGS M_APPLY=0
	M_MG_FLAGS="--crd-versions=v1 --with-applyconfig=false"
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_nfd() { # node-feature-discovery api/nfd (its own module): the main module's hack/update_codegen.sh: controller-gen object crd (paths=./api/...), kube_codegen.sh gen_helpers + gen_client --with-watch --with-applyconfig (the client lives in the main module: compared with the anchors only)
	M_MOD=sigs.k8s.io/node-feature-discovery/api/nfd M_VER=v0.20.1 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="v1alpha1"
	M_GENS=deepcopy,crd,client
	M_CRD_PKGS=$M_PKGS M_CG_OPTS=crd
	M_CLIENT_PKGS=$M_PKGS
}

mod_inference_extension() { # gateway-api-inference-extension: Makefile controller-gen object + crd (paths=./...), hack/update-codegen.sh gen_helpers, gen_register, gen_client --with-watch --with-applyconfig (output client-go); +groupGoName
	M_MOD=sigs.k8s.io/gateway-api-inference-extension M_VER=v1.6.2 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="api/v1 apix/v1alpha1"
	M_GENS=deepcopy,register,crd,client
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=$M_MOD@$M_VER:config/crd/bases M_CG_OPTS=crd
	M_CLIENT_PKGS=$M_PKGS
	M_SHIPPED_CLIENT=client-go M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_istio() { # istio.io/client-go: Makefile.core.mk generate-k8s-client: kubetype-gen (types.gen.go, register.gen.go: kept), deepcopy-gen (renamed *.gen.go, `*out = *in` lines deleted), applyconfiguration-gen, client-gen --clientset-name versioned, lister-gen, informer-gen
	M_MOD=istio.io/client-go M_VER=v1.32.0 M_KIND=cg
	M_PKGS="pkg/apis/extensions/v1alpha1 pkg/apis/networking/v1 pkg/apis/networking/v1alpha3 pkg/apis/networking/v1beta1
	        pkg/apis/security/v1 pkg/apis/security/v1beta1 pkg/apis/telemetry/v1 pkg/apis/telemetry/v1alpha1"
	M_GENS=deepcopy,client
	M_DC_UPFILE=zz_generated.deepcopy.gen.go M_RM_EXTRA=zz_generated.deepcopy.gen.go
	M_CLIENT_PKGS=$M_PKGS
	M_SHIPPED_CLIENT=pkg M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_jobset() { # sigs.k8s.io/jobset: Makefile controller-gen object + crd:generateEmbeddedObjectMeta=true (paths=./api/...), hack/update-codegen.sh gen_helpers, gen_client --with-watch --with-applyconfig (--applyconfig-externals batch/v1.JobTemplateSpec; output client-go)
	M_MOD=sigs.k8s.io/jobset M_VER=v0.8.2 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="api/jobset/v1alpha2 api/config/v1alpha1"
	M_GENS=deepcopy,defaults,crd,client
	M_CRD_PKGS="api/jobset/v1alpha2" M_CRD_SHIPPED=$M_MOD@$M_VER:config/components/crd/bases
	M_CG_OPTS=crd:generateEmbeddedObjectMeta=true M_MG_FLAGS=--generate-embedded-object-meta
	M_CLIENT_PKGS="api/jobset/v1alpha2"
	M_SHIPPED_CLIENT=client-go M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_trainer() { # kubeflow trainer v2: Makefile controller-gen object + "crd:generateEmbeddedObjectMeta=true", hack/update-codegen.sh gen_helpers (deepcopy, defaults), gen_client --with-watch --with-applyconfig (--applyconfig-externals for jobset and core types)
	M_MOD=github.com/kubeflow/trainer/v2 M_VER=v2.0.0 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="pkg/apis/trainer/v1alpha1"
	M_GENS=deepcopy,defaults,crd,client
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=$M_MOD@$M_VER:manifests/base/crds
	M_CG_OPTS=crd:generateEmbeddedObjectMeta=true M_MG_FLAGS=--generate-embedded-object-meta
	M_CLIENT_PKGS=$M_PKGS
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_velero() { # velero: hack/update-3generated-crd-code.sh controller-gen crd:crdVersions=v1 + object, per API version; no client
	M_MOD=github.com/vmware-tanzu/velero M_VER=v1.18.3 M_KIND=kb M_DC_TOOL=controller-gen
	M_PKGS="pkg/apis/velero/v1 pkg/apis/velero/v2alpha1"
	M_GENS=deepcopy,crd
	M_CRD_PKGS=$M_PKGS M_CG_OPTS=crd:crdVersions=v1 M_MG_FLAGS=--crd-versions=v1
}

mod_kyverno() { # kyverno: Makefile codegen-api-register (register-gen), codegen-api-deepcopy (deepcopy-gen), codegen-crds-* controller-gen crd:crdVersions=v1,ignoreUnexportedFields=true,generateEmbeddedObjectMeta=false, codegen-client-* client-gen --clientset-name versioned (no applyconfig), lister-gen, informer-gen
	M_MOD=github.com/kyverno/kyverno M_VER=v1.19.1 M_KIND=both
	M_PKGS="api/kyverno/v1 api/kyverno/v1beta1 api/kyverno/v2 api/kyverno/v2alpha1 api/kyverno/v2beta1 api/reports/v1 api/policyreport/v1alpha2"
	M_GENS=deepcopy,register,crd,client
	M_CRD_PKGS=$M_PKGS M_CG_OPTS=crd:crdVersions=v1,ignoreUnexportedFields=true,generateEmbeddedObjectMeta=false
	M_CLIENT_PKGS="api/kyverno/v1 api/kyverno/v2 api/kyverno/v2alpha1 api/kyverno/v2beta1 api/reports/v1 api/policyreport/v1alpha2" M_APPLY=0
	M_MG_FLAGS="--crd-versions=v1 --ignore-unexported-fields --with-applyconfig=false"
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_flux_kustomize() { # fluxcd kustomize-controller/api: the main module's Makefile: cd api; controller-gen object, controller-gen crd:crdVersions=v1; no client
	M_MOD=github.com/fluxcd/kustomize-controller/api M_VER=v1.9.6 M_KIND=kb M_DC_TOOL=controller-gen
	M_PKGS="v1 v1beta1 v1beta2"
	M_GENS=deepcopy,crd
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=github.com/fluxcd/kustomize-controller@v1.9.6:config/crd/bases
	M_CG_OPTS=crd:crdVersions=v1 M_MG_FLAGS=--crd-versions=v1
}

mod_frr_k8s() { # metallb frr-k8s: Makefile controller-gen object + crd (paths=./...), hack/update-codegen.sh client-gen --clientset-name versioned, lister-gen, informer-gen (no applyconfig)
	M_MOD=github.com/metallb/frr-k8s M_VER=v0.0.21 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="api/v1beta1"
	M_GENS=deepcopy,crd,client
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=$M_MOD@$M_VER:config/crd/bases M_CG_OPTS=crd
	M_CLIENT_PKGS=$M_PKGS M_APPLY=0 M_MG_FLAGS=--with-applyconfig=false
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_kwok() { # sigs.k8s.io/kwok: hack/update-codegen.sh deepcopy-gen (4 dirs), defaulter-gen (the 3 versioned), conversion-gen (internalversion), client-gen --clientset-name versioned --plural-exceptions=Logs:Logs,ClusterLogs:ClusterLogs (no listers, informers, applyconfig); hack/update-controllergen.sh crd:allowDangerousTypes=true on pkg/apis/v1alpha1
	M_MOD=sigs.k8s.io/kwok M_VER=v0.8.0 M_KIND=both
	M_PKGS="pkg/apis/internalversion pkg/apis/v1alpha1 pkg/apis/config/v1alpha1 pkg/apis/action/v1alpha1"
	M_GENS=deepcopy,defaults,conversion,crd,client
	M_CRD_PKGS="pkg/apis/v1alpha1" M_CRD_SHIPPED=$M_MOD@$M_VER:kustomize/crd/bases M_CG_OPTS=crd:allowDangerousTypes=true
	M_CLIENT_PKGS="pkg/apis/v1alpha1" M_APPLY=0 M_WATCH=0 M_CLIENT_FLAGS=--plural-exceptions=Logs:Logs,ClusterLogs:ClusterLogs
	M_MG_FLAGS="--allow-dangerous-types --with-watch=false --with-applyconfig=false --plural-exceptions=Logs:Logs,ClusterLogs:ClusterLogs"
	M_SHIPPED_CLIENT=pkg/client M_SHIPPED_MAP=clientset/versioned=clientset
}

mod_katib() { # kubeflow katib: hack/update-codegen.sh (go generate): kube_codegen.sh gen_helpers on pkg/apis/config, gen_client --with-watch --with-applyconfig on pkg/apis/controller (output pkg/client/controller); its CRDs are hand-written YAML (no controller-gen)
	M_MOD=github.com/kubeflow/katib M_VER=v0.19.0 M_KIND=cg
	M_PKGS="pkg/apis/config/v1beta1 pkg/apis/controller/common/v1beta1 pkg/apis/controller/experiments/v1beta1
	        pkg/apis/controller/suggestions/v1beta1 pkg/apis/controller/trials/v1beta1"
	M_GENS=deepcopy,client
	M_CLIENT_PKGS="pkg/apis/controller/experiments/v1beta1 pkg/apis/controller/suggestions/v1beta1 pkg/apis/controller/trials/v1beta1"
	M_SHIPPED_CLIENT=pkg/client/controller M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_envoy_gateway() { # envoyproxy/gateway api/v1alpha1: tools/make/kube.mk controller-gen object + crd:allowDangerousTypes=true (CRDs shipped as helm templates: not compared); no client (it uses controller-runtime's)
	M_MOD=github.com/envoyproxy/gateway M_VER=v1.9.1 M_KIND=kb M_DC_TOOL=controller-gen
	M_PKGS="api/v1alpha1"
	M_GENS=deepcopy,crd
	M_CRD_PKGS=$M_PKGS M_CG_OPTS=crd:allowDangerousTypes=true M_MG_FLAGS=--allow-dangerous-types
}

mod_whereabouts() { # k8snetworkplumbingwg/whereabouts: hack/generate-code.sh controller-gen object crd:crdVersions=v1 (paths=./...), hack/update-codegen.sh kube_codegen.sh gen_client --with-watch (no applyconfig; output pkg/generated); doc.go has +k8s:deepcopy-gen=package,register
	M_MOD=github.com/k8snetworkplumbingwg/whereabouts M_VER=v0.9.2 M_KIND=both M_DC_TOOL=controller-gen
	M_PKGS="pkg/api/whereabouts.cni.cncf.io/v1alpha1"
	M_GENS=deepcopy,crd,client
	M_CRD_PKGS=$M_PKGS M_CRD_SHIPPED=$M_MOD@$M_VER:doc/crds M_CG_OPTS=crd:crdVersions=v1
	M_CLIENT_PKGS=$M_PKGS M_APPLY=0 M_MG_FLAGS="--crd-versions=v1 --with-applyconfig=false"
	M_SHIPPED_CLIENT=pkg/generated M_SHIPPED_MAP=clientset/versioned=clientset,informers/externalversions=informers
}

mod_kubelet() { # k8s.io/kubelet (component config and the credential provider API): kubernetes' hack/update-codegen.sh deepcopy-gen, openapi-gen (model names in-package), conversion-gen and defaulter-gen on the +k8s:*-gen dirs; no client
	M_MOD=k8s.io/kubelet M_VER=v0.37.2 M_KIND=cg
	M_PKGS="config/v1 config/v1alpha1 config/v1beta1 pkg/apis/credentialprovider pkg/apis/credentialprovider/v1
	        pkg/apis/credentialprovider/v1alpha1 pkg/apis/credentialprovider/v1beta1"
	M_GENS=deepcopy,openapi,conversion,defaults
}

mod_flux_helm() { # fluxcd helm-controller/api: the main module's Makefile: cd api; controller-gen object, controller-gen crd:crdVersions=v1; no client
	M_MOD=github.com/fluxcd/helm-controller/api M_VER=v1.6.5 M_KIND=kb M_DC_TOOL=controller-gen
	M_PKGS="v2 v2beta1 v2beta2"
	M_GENS=deepcopy,crd
	M_CRD_PKGS=$M_PKGS M_CG_OPTS=crd:crdVersions=v1 M_MG_FLAGS=--crd-versions=v1
}

mod_kube_proxy() { # k8s.io/kube-proxy config/v1alpha1 (component config): kubernetes' hack/update-codegen.sh deepcopy-gen, openapi-gen (model names in-package); no client
	M_MOD=k8s.io/kube-proxy M_VER=v0.37.2 M_KIND=cg
	M_PKGS="config/v1alpha1"
	M_GENS=deepcopy,openapi
}

HOLDOUT_MODULES=""
