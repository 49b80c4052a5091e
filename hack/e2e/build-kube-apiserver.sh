#!/usr/bin/env bash
# Builds kube-apiserver from hack/e2e/kube-apiserver into the e2e cache, or
# reuses it. Prints the binary's path. A cold build takes 10-25 minutes on
# 2 cores, so the binary lives outside the repo, keyed by the Kubernetes
# version and a hash of the build module (a changed go.sum means a rebuild).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
module="$here/kube-apiserver"
version="$(awk '$1 == "k8s.io/kubernetes" && $2 ~ /^v/ { print $2 }' "$module/go.mod")"
[[ "$version" =~ ^v1\.[0-9]+\.[0-9]+$ ]] || { echo "e2e: no k8s.io/kubernetes version in $module/go.mod" >&2; exit 1; }
cache="${METAGEN_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/metagen/e2e}"
key="$(cat "$module/go.mod" "$module/go.sum" "$module/main.go" | sha256sum | cut -c1-12)"
binary="$cache/kube-apiserver-$version-$key"

if [[ -x "$binary" ]]; then
	echo "$binary"
	exit 0
fi

mkdir -p "$cache"
# Build beside the final name and rename, so an interrupted build never
# leaves a half-written binary that a later run would trust.
partial="$(mktemp "$binary.partial.XXXXXX")"
trap 'rm -f "$partial"' EXIT
minor="${version#v1.}"
minor="${minor%%.*}"
ldflags="-s -w"
for kv in gitVersion="$version" gitMajor=1 gitMinor="$minor" gitTreeState=clean; do
	ldflags+=" -X k8s.io/component-base/version.$kv"
done
echo "e2e: building kube-apiserver $version (cold builds take 10-25 minutes)" >&2
start=$SECONDS
(cd "$module" && CGO_ENABLED=0 nice -n 19 go build -trimpath -ldflags "$ldflags" -o "$partial" .)
mv "$partial" "$binary"
# Older builds of this cache are stale now.
find "$cache" -maxdepth 1 -name 'kube-apiserver-*' ! -name '*.partial.*' ! -path "$binary" -delete
echo "e2e: built kube-apiserver in $((SECONDS - start))s" >&2
echo "$binary"
