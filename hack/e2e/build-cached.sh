# Sourced by build-kube-apiserver.sh and build-kubectl.sh: the cached build
# both use. Not executable on its own.

# build_cached NAME VERSION MODULE ESTIMATE PACKAGE... builds the module
# directory MODULE (its main.go) into the e2e cache as
# NAME-VERSION-<hash of go.mod, go.sum and main.go>, with VERSION stamped
# into each PACKAGE's gitVersion, gitMajor, gitMinor and gitTreeState, or
# reuses that file; it prints the binary's path. The binary lives outside
# the repo: a changed go.sum means a rebuild, older builds are removed.
build_cached() {
	local name=$1 version=$2 module=$3 estimate=$4
	shift 4
	local minor=${version#v1.}
	minor=${minor%%.*}
	local cache="${METAGEN_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/metagen/e2e}"
	local key binary
	key="$(cat "$module/go.mod" "$module/go.sum" "$module/main.go" | sha256sum | cut -c1-12)"
	binary="$cache/$name-$version-$key"
	if [[ -x "$binary" ]]; then
		echo "$binary"
		return 0
	fi
	mkdir -p "$cache"
	# Build beside the final name and rename, so an interrupted build never
	# leaves a half-written binary that a later run would trust.
	partial="$(mktemp "$binary.partial.XXXXXX")"
	trap 'rm -f "$partial"' EXIT
	local ldflags="-s -w" pkg kv
	for pkg in "$@"; do
		for kv in gitVersion="$version" gitMajor=1 gitMinor="$minor" gitTreeState=clean; do
			ldflags+=" -X $pkg.$kv"
		done
	done
	echo "e2e: building $name $version (cold builds take $estimate)" >&2
	local start=$SECONDS
	(cd "$module" && CGO_ENABLED=0 nice -n 19 go build -trimpath -ldflags "$ldflags" -o "$partial" .)
	mv "$partial" "$binary"
	find "$cache" -maxdepth 1 -name "$name-*" ! -name '*.partial.*' ! -path "$binary" -delete
	echo "e2e: built $name in $((SECONDS - start))s" >&2
	echo "$binary"
}
