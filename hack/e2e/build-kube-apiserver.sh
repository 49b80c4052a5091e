#!/usr/bin/env bash
# Builds kube-apiserver from hack/e2e/kube-apiserver into the e2e cache, or
# reuses it. Prints the binary's path. A cold build takes 10-25 minutes on
# 2 cores, so the binary lives outside the repo, keyed by the Kubernetes
# version and a hash of the build module (a changed go.sum means a rebuild).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=build-cached.sh
source "$here/build-cached.sh"
module="$here/kube-apiserver"
version="$(awk '$1 == "k8s.io/kubernetes" && $2 ~ /^v/ { print $2 }' "$module/go.mod")"
[[ "$version" =~ ^v1\.[0-9]+\.[0-9]+$ ]] || { echo "e2e: no k8s.io/kubernetes version in $module/go.mod" >&2; exit 1; }
build_cached kube-apiserver "$version" "$module" "10-25 minutes" k8s.io/component-base/version
