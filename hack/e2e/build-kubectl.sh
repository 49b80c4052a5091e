#!/usr/bin/env bash
# Builds kubectl from hack/e2e/kubectl into the e2e cache, or reuses it.
# Prints the binary's path. Like build-kube-apiserver.sh: the binary lives
# outside the repo, keyed by the kubectl version and a hash of the module.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
module="$here/kubectl"
library="$(awk '$1 == "k8s.io/kubectl" && $2 ~ /^v0\./ { print $2 }' "$module/go.mod")"
[[ "$library" =~ ^v0\.([0-9]+)\.([0-9]+)$ ]] || { echo "e2e: no k8s.io/kubectl version in $module/go.mod" >&2; exit 1; }
minor="${BASH_REMATCH[1]}"
version="v1.$minor.${BASH_REMATCH[2]}"
cache="${METAGEN_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/metagen/e2e}"
key="$(cat "$module/go.mod" "$module/go.sum" "$module/main.go" | sha256sum | cut -c1-12)"
binary="$cache/kubectl-$version-$key"

if [[ -x "$binary" ]]; then
	echo "$binary"
	exit 0
fi

mkdir -p "$cache"
partial="$(mktemp "$binary.partial.XXXXXX")"
trap 'rm -f "$partial"' EXIT
ldflags="-s -w"
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
	for kv in gitVersion="$version" gitMajor=1 gitMinor="$minor" gitTreeState=clean; do
		ldflags+=" -X $pkg.$kv"
	done
done
echo "e2e: building kubectl $version (cold builds take 3-10 minutes)" >&2
start=$SECONDS
(cd "$module" && CGO_ENABLED=0 nice -n 19 go build -trimpath -ldflags "$ldflags" -o "$partial" .)
mv "$partial" "$binary"
find "$cache" -maxdepth 1 -name 'kubectl-*' ! -name '*.partial.*' ! -path "$binary" -delete
echo "e2e: built kubectl in $((SECONDS - start))s" >&2
echo "$binary"
