#!/usr/bin/env bash
# Builds kubectl from hack/e2e/kubectl into the e2e cache, or reuses it.
# Prints the binary's path. kubectl v1.37.2 is k8s.io/kubectl v0.37.2 (a
# published module; no k8s.io/kubernetes needed). A cold build takes 5-15
# minutes on 2 cores (an hour on a machine shared with eight others).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=build-cached.sh
source "$here/build-cached.sh"
module="$here/kubectl"
library="$(awk '$1 == "k8s.io/kubectl" && $2 ~ /^v0\./ { print $2 }' "$module/go.mod")"
[[ "$library" =~ ^v0\.([0-9]+\.[0-9]+)$ ]] || { echo "e2e: no k8s.io/kubectl version in $module/go.mod" >&2; exit 1; }
build_cached kubectl "v1.${BASH_REMATCH[1]}" "$module" "5-15 minutes" k8s.io/component-base/version k8s.io/client-go/pkg/version
