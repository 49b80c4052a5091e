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
# Versions are pinned: the harness is meant to give the same answer every run.

MODULES="metrics kube-aggregator snapshotter cert-manager kueue kuberay flux-source gateway-api cluster-api prometheus-operator"


reset_module() {
	M_MOD= M_VER= M_KIND= M_PKGS= M_GENS= M_CRD_PKGS= M_CRD_SHIPPED= M_CG_OPTS=crd M_DC_TOOL=deepcopy-gen
	M_CLIENT_PKGS= M_APPLY=1 M_WATCH=1 M_SHIPPED_CLIENT= M_SHIPPED_MAP= M_CLIENT_FLAGS= M_MG_FLAGS=
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

HOLDOUT_MODULES=""
