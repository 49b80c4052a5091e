#!/usr/bin/env bash
# realworld: how well metagen replaces controller-gen and k8s.io/code-generator on real
# third-party API modules (modules.sh). See README.md.
#
#   run.sh METAGEN_BINARY WORKDIR
#
# Per module: copy its API packages out of the module cache into WORKDIR/<name>/{up,mg}
# (module path kept), remove in mg the generated files metagen is to write, run
# `metagen generate <the module's options as flags> -g <the module's generators>`
# (no source edit: --crd-dir and M_MG_FLAGS replace the anchors' options), then check: build+vet, deepcopy method
# sets vs upstream's generated files, CRDs vs controller-gen v0.23.0 on the same source
# (and vs the shipped YAML), client API surface vs code-generator v0.37.2 on the same
# source (and vs the shipped client). Last line:
#   realworld: modules=N generate-ok=A build-ok=B deepcopy-equal=C crd-modules=D crd-fields-differ=E client-modules=F client-surface-missing=G edits=H … names-differ=I
#   (names-differ: resources whose metagen CRD plural and metagen typed client differ, rwtool names)
# Exit 0 only when A=B=C=N, E=0, G=0 and I=0 (and the harness itself had no error); else 1.
#
# Environment:
#   METAGEN_SRC (cwd)         source of the metagen module: metagen's generated clients
#                             import its runtime packages (schema/lifecycle), so the scratch
#                             modules require it with a replace to this directory
#   RW_MODULES                names from modules.sh's MODULES or HOLDOUT_MODULES, or `holdout`
#                             (= HOLDOUT_MODULES) or `all` (both lists); default: MODULES
#   ANCHORS                   anchor binaries (default ${XDG_CACHE_HOME:-$HOME/.cache}/metagen-anchors)
#   RW_GOPROXY                proxy for what the module cache lacks (default: go env GOPROXY);
#                             everything else runs with GOPROXY=off
#   RW_DETAILS (6)            detail lines printed per check (all are in WORKDIR/<name>/logs)
#   RW_KEEP (0)               1: keep WORKDIR/<name>/base and the default-run copy
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
[ $# -eq 2 ] || { echo "usage: $0 METAGEN_BINARY WORKDIR" >&2; exit 2; }
MGBIN=$(realpath "$1" 2>/dev/null)
[ -n "$MGBIN" ] && [ -x "$MGBIN" ] || { echo "realworld: not an executable: $1" >&2; exit 2; }
mkdir -p "$2" || exit 2
WORK=$(cd "$2" && pwd)
METAGEN_SRC=${METAGEN_SRC:-$(pwd)}
ANCHORS=${ANCHORS:-${XDG_CACHE_HOME:-$HOME/.cache}/metagen-anchors}
ONLINE_PROXY=${RW_GOPROXY:-$(go env GOPROXY)}
ONLINE_SUMDB=$(go env GOSUMDB)
DETAILS=${RW_DETAILS:-6}
# shellcheck source=modules.sh
source "$HERE/modules.sh"
# shellcheck source=conversion.sh
source "$HERE/conversion.sh"
MODS=
for m in ${RW_MODULES:-$MODULES}; do
	case $m in
	holdout) MODS="$MODS $HOLDOUT_MODULES" ;;
	all) MODS="$MODS $MODULES $HOLDOUT_MODULES" ;;
	*)
		[[ " $(echo $MODULES $HOLDOUT_MODULES) " == *" $m "* ]] ||
			{ echo "realworld: $m is in neither MODULES nor HOLDOUT_MODULES of modules.sh" >&2; exit 2; }
		MODS="$MODS $m"
		;;
	esac
done

# Offline from here on; online() is for what the module cache lacks (the first run).
export GOFLAGS=-mod=mod GOPROXY=off GOSUMDB=off GOWORK=off GOTOOLCHAIN=local
online() { GOPROXY=$ONLINE_PROXY GOSUMDB=$ONLINE_SUMDB "$@"; }
T0=$SECONDS
log() { echo "[$((SECONDS - T0))s] $*"; }
HERR=0
herr() { echo "realworld: HARNESS ERROR: $*"; HERR=$((HERR + 1)); }
RW=$WORK/bin/rwtool
details() { grep '^  ' "$1" | head -n "$DETAILS"; }
field() { sed -nE "s/.* $2=([0-9]+).*/\1/p" <<<"$1" | head -n 1; } # field LINE NAME
add() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a + b }'; }
timeof() { tail -n 1 "$1" 2>/dev/null | grep -E '^[0-9.]+$' || echo 0; }

# ------------------------------------------------------------------ tools
mkdir -p "$WORK/bin"
log "build rwtool"
(cd "$HERE/rwtool" && GOFLAGS=-mod=readonly go build -o "$RW" . 2>"$WORK/bin/rwtool.log" ||
	GOFLAGS=-mod=readonly online go build -o "$RW" . 2>>"$WORK/bin/rwtool.log") ||
	{ cat "$WORK/bin/rwtool.log"; echo "realworld: cannot build rwtool"; exit 1; }

ANCHOR_TOOLS="controller-gen deepcopy-gen client-gen lister-gen informer-gen applyconfiguration-gen"
build_anchors() {
	local t missing=
	for t in $ANCHOR_TOOLS; do [ -x "$ANCHORS/$t" ] || missing="$missing $t"; done
	[ -z "$missing" ] && return 0
	log "build anchors:$missing (controller-tools v0.23.0, code-generator v0.37.2) into $ANCHORS"
	mkdir -p "$ANCHORS/src-rw" && cd "$ANCHORS/src-rw" || return 1
	printf 'module anchors.realworld\n\ngo 1.26\n' >go.mod
	cat >tools.go <<'EOF'
//go:build tools

package tools

import (
	_ "k8s.io/code-generator/cmd/applyconfiguration-gen"
	_ "k8s.io/code-generator/cmd/client-gen"
	_ "k8s.io/code-generator/cmd/deepcopy-gen"
	_ "k8s.io/code-generator/cmd/informer-gen"
	_ "k8s.io/code-generator/cmd/lister-gen"
	_ "sigs.k8s.io/controller-tools/cmd/controller-gen"
)
EOF
	{ go get k8s.io/code-generator@v0.37.2 sigs.k8s.io/controller-tools@v0.23.0 && go mod tidy; } >get.log 2>&1 ||
		{ online go get k8s.io/code-generator@v0.37.2 sigs.k8s.io/controller-tools@v0.23.0 && online go mod tidy; } >>get.log 2>&1 ||
		{ tail -n 5 get.log; return 1; }
	for t in $missing; do
		case $t in
		controller-gen) p=sigs.k8s.io/controller-tools/cmd/controller-gen ;;
		*) p=k8s.io/code-generator/cmd/$t ;;
		esac
		go build -o "$ANCHORS/$t" "$p" || online go build -o "$ANCHORS/$t" "$p" || return 1
	done
}
(build_anchors) || { echo "realworld: cannot build the anchor tools"; exit 1; }
log "metagen: $MGBIN ($("$MGBIN" version 2>&1 | head -n 1)); METAGEN_SRC=$METAGEN_SRC ($(git -C "$METAGEN_SRC" log -1 --format='%h %cs' 2>/dev/null || echo 'not a git checkout'))"
log "anchors: $ANCHORS: controller-gen $("$ANCHORS/controller-gen" --version 2>&1 | head -n 1 | sed 's/.*Version: //'), code-generator v0.37.2"
printf '' >"$WORK/bin/boilerplate.go.txt"

# moddir MODULE@VERSION: its directory in the module cache (fetched when absent)
moddir() {
	local j
	j=$(cd "$WORK" && go mod download -json "$1" 2>/dev/null) ||
		j=$(cd "$WORK" && online go mod download -json "$1" 2>&1)
	sed -nE 's/^\s*"Dir": "(.*)",?$/\1/p' <<<"$j"
}

# generated files metagen writes, by generator
genfiles() {
	case $1 in
	deepcopy) echo zz_generated.deepcopy.go ;;
	openapi) echo zz_generated.openapi.go zz_generated.model_name.go ;;
	register) echo zz_generated.register.go ;;
	validation) echo zz_generated.validations.go ;;
	*) codegen_files "$1" ;;
	esac
}

# clientout DIR PKG: the client output directory metagen uses for PKG (relative to the module root)
clientout() {
	local d=$1 p=$2 o
	o=$(grep -hoE '^//[[:space:]]*\+metagen:client-output=[^[:space:]]+' "$d/$p"/*.go 2>/dev/null | head -n 1 | sed 's/.*=//')
	[ -n "$o" ] || o=../client
	realpath -m --relative-to="$d" "$d/$p/$o"
}

# groupof PKGDIR: the package's +groupName; crdgroups DIR PKG...: the groups of the packages
groupof() { grep -hoE '^//[[:space:]]*\+groupName=[^[:space:]]+' "$1"/*.go 2>/dev/null | head -n 1 | sed 's/.*=//'; }
crdgroups() {
	local d=$1 p
	shift
	for p in "$@"; do groupof "$d/$p"; done | sort -u | grep .
}

N=0 A=0 B=0 C=0 D=0 E=0 F=0 G=0 H=0 R=0 DE=0 NM=0
SUMMARY=()

run_module() {
	local name=$1 fn=mod_${1//-/_}
	reset_module
	declare -F "$fn" >/dev/null || { herr "no module named $name in modules.sh"; return; }
	$fn
	N=$((N + 1))
	local MD=$WORK/$name L=$WORK/$name/logs
	rm -rf "$MD"
	mkdir -p "$L"
	log "== $name: $M_MOD@$M_VER ($M_KIND) generators=$M_GENS"
	local SRC
	SRC=$(moddir "$M_MOD@$M_VER")
	if [ -z "$SRC" ] || [ ! -f "$SRC/go.mod" ]; then
		herr "$name: cannot fetch $M_MOD@$M_VER"
		SUMMARY+=("module $name $M_MOD@$M_VER: UNUSABLE (fetch)")
		return
	fi

	# ---- 1. the copy: base (pristine), then up (upstream's generated files kept) and mg
	if ! "$RW" copy -src "$SRC" -mod "$M_MOD" -dst "$MD/base" $M_PKGS >"$L/copy.log" 2>&1; then
		herr "$name: copy failed: $(tail -n 1 "$L/copy.log")"
		SUMMARY+=("module $name $M_MOD@$M_VER: UNUSABLE (copy)")
		return
	fi
	cp "$SRC/go.mod" "$SRC/go.sum" "$MD/base/" && chmod u+w "$MD/base/go.mod" "$MD/base/go.sum"
	# toolchain and tool directives are for upstream's own builds: the copy needs neither (a tool's
	# module may not even be on the proxy)
	sed -i -E '/^toolchain /d; /^tool \(/,/^\)/d; /^tool /d' "$MD/base/go.mod"
	if [ -d "$METAGEN_SRC/schema/lifecycle" ]; then
		# metagen's clients import its runtime packages: require the module, and keep it in
		# the build list of both trees (so that controller-gen and code-generator see the
		# same dependency versions as metagen's output is built with)
		printf '\nrequire github.com/metagen-dev/metagen v0.0.0-00010101000000-000000000000\n\nreplace github.com/metagen-dev/metagen => %s\n' \
			"$METAGEN_SRC" >>"$MD/base/go.mod"
		cat "$METAGEN_SRC/go.sum" >>"$MD/base/go.sum"
		mkdir -p "$MD/base/rwpin"
		printf '// Package rwpin keeps the metagen module in the build list (realworld harness).\npackage rwpin\n\nimport _ "github.com/metagen-dev/metagen/schema/lifecycle"\n' >"$MD/base/rwpin/pin.go"
	else
		echo "realworld: $METAGEN_SRC has no schema/lifecycle: metagen's runtime packages are not required" >>"$L/copy.log"
	fi
	if ! (cd "$MD/base" && go mod tidy) >"$L/tidy.log" 2>&1; then
		log "$name: module cache incomplete, fetching (GOPROXY=$ONLINE_PROXY)"
		if ! (cd "$MD/base" && online go mod tidy) >>"$L/tidy.log" 2>&1; then
			herr "$name: go mod tidy failed: $(grep -v '^go: downloading' "$L/tidy.log" | tail -n 2 | tr '\n' ' ')"
			SUMMARY+=("module $name $M_MOD@$M_VER: UNUSABLE (go mod tidy)")
			return
		fi
	fi
	if [ -n "$M_GO_GET" ] && ! (cd "$MD/base" && { go get $M_GO_GET || online go get $M_GO_GET; } && { go mod tidy || online go mod tidy; }) >>"$L/tidy.log" 2>&1; then
		herr "$name: go get $M_GO_GET failed: $(grep -v '^go: downloading' "$L/tidy.log" | tail -n 2 | tr '\n' ' ')"
		SUMMARY+=("module $name $M_MOD@$M_VER: UNUSABLE (go get)")
		return
	fi
	grep -E '^\s*(k8s\.io/(api|apimachinery|client-go)|sigs\.k8s\.io/controller-runtime) ' "$MD/base/go.mod" | sed 's/^\s*/  dep: /' >"$L/deps.txt"
	cp -r "$MD/base" "$MD/up"
	cp -r "$MD/base" "$MD/mg"

	local p g f patterns=() rmfiles=() allfiles=()
	for p in $M_PKGS; do patterns+=("./$p"); done
	for g in ${M_GENS//,/ }; do rmfiles+=($(genfiles "$g")); done
	rmfiles+=($M_RM_EXTRA)
	for g in deepcopy openapi register validation conversion defaults prerelease-lifecycle; do allfiles+=($(genfiles "$g")); done
	allfiles+=($M_RM_EXTRA)
	local removed=0
	for p in $M_PKGS; do
		for f in "${rmfiles[@]}"; do
			[ -f "$MD/mg/$p/$f" ] && rm "$MD/mg/$p/$f" && removed=$((removed + 1))
		done
	done
	# ---- no source edit: where CRDs go and the anchors' options are flags (M_MG_FLAGS)
	local edits=0 mgflags=()
	[ -n "$M_CRD_PKGS" ] && mgflags+=(--crd-dir rw-metagen-crds)
	mgflags+=($M_MG_FLAGS)
	H=$((H + edits))

	# ---- 2. metagen, with the module's generators
	local rc tmg ta=0 tfb= firsterr=
	(cd "$MD/mg" && /usr/bin/time -f %e -o "$L/metagen.time" "$MGBIN" generate "${mgflags[@]}" -g "$M_GENS" "${patterns[@]}") >"$L/metagen.log" 2>&1
	rc=$?
	tmg=$(timeof "$L/metagen.time")
	local gen=ok
	if [ $rc -eq 0 ]; then
		A=$((A + 1))
	else
		firsterr=$(grep -vE '^(create|update|remove|unchanged) ' "$L/metagen.log" | head -n 3)
		gen="FAIL(rc=$rc)"
		# fallback, so that the other checks measure something: one generator at a time
		local fb=
		for g in ${M_GENS//,/ }; do
			if (cd "$MD/mg" && /usr/bin/time -f %e -o "$L/metagen-$g.time" "$MGBIN" generate "${mgflags[@]}" -g "$g" "${patterns[@]}") >"$L/metagen-$g.log" 2>&1; then
				fb="$fb $g=ok"
			else
				fb="$fb $g=FAIL"
				if [ "$g" = client ] && [ -n "$M_CLIENT_PKGS" ]; then
					# only the packages the project generates clients for (kube_codegen.sh takes vN dirs)
					local cp=()
					for p in $M_CLIENT_PKGS; do cp+=("./$p"); done
					(cd "$MD/mg" && "$MGBIN" generate "${mgflags[@]}" -g client "${cp[@]}") >"$L/metagen-client-pkgs.log" 2>&1 &&
						fb="$fb client(client-pkgs-only)=ok" || fb="$fb client(client-pkgs-only)=FAIL"
				fi
			fi
		done
		if [[ " $fb " == *" crd=FAIL "* ]] && [ -n "$M_CRD_PKGS" ]; then
			# one API group at a time: a refused group leaves the other groups' CRDs to compare
			local grp gp
			for grp in $(crdgroups "$MD/mg" $M_CRD_PKGS); do
				gp=()
				for p in $M_CRD_PKGS; do [ "$(groupof "$MD/mg/$p")" = "$grp" ] && gp+=("./$p"); done
				(cd "$MD/mg" && "$MGBIN" generate "${mgflags[@]}" -g crd "${gp[@]}") >"$L/metagen-crd-$grp.log" 2>&1 &&
					fb="$fb crd($grp)=ok" || fb="$fb crd($grp)=FAIL"
			done
		fi
		gen="$gen fallback:${fb}"
		for g in ${M_GENS//,/ }; do tfb=$(add "${tfb:-0}" "$(timeof "$L/metagen-$g.time")"); done
	fi
	(cd "$MD/mg" && go mod tidy) >"$L/tidy-mg.log" 2>&1 || true

	# metagen with no -g (every generator the packages opt into), on a throwaway copy: information
	cp -r "$MD/base" "$MD/dflt"
	for p in $M_PKGS; do for f in "${allfiles[@]}"; do rm -f "$MD/dflt/$p/$f"; done; done
	(cd "$MD/dflt" && "$MGBIN" generate "${mgflags[@]}" "${patterns[@]}") >"$L/metagen-default.log" 2>&1
	local drc=$? dflt=ok
	[ $drc -eq 0 ] || dflt="FAIL(rc=$drc): $(grep -vE '^(create|update|remove|unchanged) ' "$L/metagen-default.log" | head -n 1)"
	[ "${RW_KEEP:-0}" = 1 ] || rm -rf "$MD/dflt" "$MD/base"

	# ---- 3a. build and vet
	local build=ok clientdirs=() vetpk=("${patterns[@]}")
	for p in $M_CLIENT_PKGS; do clientdirs+=("$(clientout "$MD/mg" "$p")"); done
	mapfile -t clientdirs < <(printf '%s\n' "${clientdirs[@]}" | sort -u | grep .)
	for p in "${clientdirs[@]}"; do [ -d "$MD/mg/$p" ] && vetpk+=("./$p/..."); done
	if ! (cd "$MD/mg" && go build ./...) >"$L/build.log" 2>&1; then
		build="FAIL(build)"
	else
		(cd "$MD/up" && go vet "${patterns[@]}") >"$L/vet-up.log" 2>&1
		(cd "$MD/mg" && go vet "${vetpk[@]}") >"$L/vet-mg.log" 2>&1
		local vetrc=$?
		norm() { grep -v '^#' "$1" | sed -E 's/:[0-9]+:[0-9]+:/:/; s/:[0-9]+:/:/' | sort -u; }
		comm -13 <(norm "$L/vet-up.log") <(norm "$L/vet-mg.log") >"$L/vet-new.log"
		if [ -s "$L/vet-new.log" ]; then
			build="FAIL(vet)"
		elif [ $vetrc -ne 0 ] && ! [ -s "$L/vet-up.log" ]; then
			build="FAIL(vet)"
		fi
	fi
	[ "$build" = ok ] && B=$((B + 1))

	# ---- 3b. deepcopy method sets
	"$RW" methods -name deepcopy -upfile "$M_DC_UPFILE" -up "$MD/up" -mg "$MD/mg" $M_PKGS >"$L/deepcopy.log" 2>&1 || herr "$name: rwtool methods failed"
	local dl dc
	dl=$(grep '^deepcopy:' "$L/deepcopy.log")
	if [ "$(field "$dl" only-upstream)" = 0 ] && [ "$(field "$dl" only-metagen)" = 0 ] && [ -n "$dl" ]; then
		dc=equal
		C=$((C + 1))
	else
		dc="DIFF(upstream-only=$(field "$dl" only-upstream) metagen-only=$(field "$dl" only-metagen) of $(field "$dl" upstream))"
	fi
	if [[ ,$M_GENS, == *,openapi,* ]]; then
		"$RW" methods -name openapi-model-names -match '^OpenAPIModelName$' -upfile zz_generated.model_name.go \
			-mgfile zz_generated.openapi.go -up "$MD/up" -mg "$MD/mg" $M_PKGS >>"$L/deepcopy.log" 2>&1
	fi

	# ---- 3b'. conversions, defaulters, lifecycle methods (conversion.sh)
	conversion_check "$MD" "$L" $M_PKGS

	# ---- 3c. CRDs
	local crd=- crdv= cl= rr=
	if [ -n "$M_CRD_PKGS" ]; then
		D=$((D + 1))
		local cgpaths=
		for p in $M_CRD_PKGS; do cgpaths="$cgpaths${cgpaths:+;}./$p"; done
		(cd "$MD/up" && /usr/bin/time -f %e -o "$L/controller-gen.time" "$ANCHORS/controller-gen" "$M_CG_OPTS" \
			"paths=$cgpaths" "output:crd:artifacts:config=$MD/cg-crds") >"$L/controller-gen.log" 2>&1
		local cgrc=$?
		ta=$(add "$ta" "$(timeof "$L/controller-gen.time")")
		local shipped=${M_CRD_SHIPPED%%:*} sdir=${M_CRD_SHIPPED#*:} SHIP=
		[ -n "$M_CRD_SHIPPED" ] && SHIP=$(moddir "$shipped")/$sdir
		if [ $cgrc -ne 0 ]; then
			herr "$name: controller-gen failed: $(tail -n 2 "$L/controller-gen.log" | tr '\n' ' ')"
			crd="ANCHOR-FAIL"
		else
			"$RW" crdcmp -name crd-vs-controller-gen -validate-ref -ref "$MD/cg-crds" -mg "$MD/mg/rw-metagen-crds" -details 40 >"$L/crd.log" 2>&1
			if [ -n "$M_CRD_SHIPPED" ]; then
				"$RW" crdcmp -name crd-vs-shipped -ref "$SHIP" -mg "$MD/mg/rw-metagen-crds" -details 40 >"$L/crd-shipped.log" 2>&1
				"$RW" crdcmp -name controller-gen-vs-shipped -ref "$SHIP" -mg "$MD/cg-crds" -details 40 >"$L/crd-drift.log" 2>&1
			else # the project's shipped YAML is not in a module the proxy serves
				echo "crd-vs-shipped: not compared (no shipped CRDs in modules.sh)" >"$L/crd-shipped.log"
				echo "controller-gen-vs-shipped: not compared" >"$L/crd-drift.log"
			fi
			local cl
			cl=$(grep '^crd-vs-controller-gen:' "$L/crd.log")
			[ -n "$cl" ] || { herr "$name: crdcmp failed: $(tail -n 1 "$L/crd.log")"; cl="x differ=0"; }
			E=$((E + $(field "$cl" differ)))
			DE=$((DE + $(field "$cl" descriptions)))
			crd="differ=$(field "$cl" differ) (crds cg=$(field "$cl" ref-crds) mg=$(field "$cl" mg-crds) desc=$(field "$cl" descriptions))"
			rr=$(field "$cl" refused-rightly)
			[ "${rr:-0}" -gt 0 ] && crd="$crd refused-rightly=$rr (controller-gen wrote CRDs kube-apiserver rejects; metagen refused them with a positioned error; not counted)"
			crdv="vs-shipped differ=$(field "$(head -n 1 "$L/crd-shipped.log")" differ), controller-gen-vs-shipped differ=$(field "$(head -n 1 "$L/crd-drift.log")" differ)"
		fi
	fi

	# ---- 3d. clients
	local cli=- cliv=
	if [ -n "$M_CLIENT_PKGS" ]; then
		F=$((F + 1))
		local out pk inputs miss=0 extra=0 mgroots= tc=0 groups=0
		for out in "${clientdirs[@]}"; do
			groups=$((groups + 1))
			inputs=() pk=()
			for p in $M_CLIENT_PKGS; do
				[ "$(clientout "$MD/mg" "$p")" = "$out" ] || continue
				inputs+=(--input "$M_MOD/$p")
				pk+=("$M_MOD/$p")
			done
			local op=$M_MOD/$out od=$MD/up/$out H0=$WORK/bin/boilerplate.go.txt
			rm -rf "$od"
			local t1 t2 t3 t4
			rm -f "$L"/anchor-*.time
			(
				set -e
				cd "$MD/up"
				acflag=()
				if [ "$M_APPLY" = 1 ]; then
					/usr/bin/time -f %e -o "$L/anchor-ac.time" "$ANCHORS/applyconfiguration-gen" --go-header-file "$H0" \
						--output-dir "$od/applyconfiguration" --output-pkg "$op/applyconfiguration" "${pk[@]}"
					acflag=(--apply-configuration-package "$op/applyconfiguration")
				fi
				/usr/bin/time -f %e -o "$L/anchor-cg.time" "$ANCHORS/client-gen" --go-header-file "$H0" --output-dir "$od" \
					--output-pkg "$op" --clientset-name clientset --input-base "" "${inputs[@]}" "${acflag[@]}" $M_CLIENT_FLAGS
				if [ "$M_WATCH" = 1 ]; then
					/usr/bin/time -f %e -o "$L/anchor-lg.time" "$ANCHORS/lister-gen" --go-header-file "$H0" \
						--output-dir "$od/listers" --output-pkg "$op/listers" $M_CLIENT_FLAGS "${pk[@]}"
					/usr/bin/time -f %e -o "$L/anchor-ig.time" "$ANCHORS/informer-gen" --go-header-file "$H0" \
						--output-dir "$od/informers" --output-pkg "$op/informers" --single-directory \
						--versioned-clientset-package "$op/clientset" --listers-package "$op/listers" $M_CLIENT_FLAGS "${pk[@]}"
				fi
			) >>"$L/anchors-client.log" 2>&1 || herr "$name: code-generator failed on $out: $(tail -n 2 "$L/anchors-client.log" | tr '\n' ' ')"
			for t1 in ac cg lg ig; do tc=$(add "$tc" "$(timeof "$L/anchor-$t1.time")"); done
			"$RW" surface -name "client-surface $out" -ref "$od" -refpkg "$op" -mg "$MD/mg/$out:$op" -details 40 >>"$L/client.log" 2>&1 ||
				herr "$name: rwtool surface failed: $(tail -n 1 "$L/client.log")"
			local sl
			sl=$(grep "^client-surface $out:" "$L/client.log")
			miss=$((miss + $(field "$sl" missing)))
			extra=$((extra + $(field "$sl" extra)))
			mgroots="$mgroots${mgroots:+,}$MD/mg/$out:$op"
		done
		ta=$(add "$ta" "$tc")
		G=$((G + miss))
		cli="missing=$miss extra=$extra (clientsets=$groups: ${clientdirs[*]})"
		if [ -n "$M_SHIPPED_CLIENT" ]; then
			local sp=$M_MOD/$M_SHIPPED_CLIENT
			[ "$M_SHIPPED_CLIENT" = . ] && sp=$M_MOD
			"$RW" surface -name client-vs-shipped -ref "$SRC/$M_SHIPPED_CLIENT" -refpkg "$sp" -map "$M_SHIPPED_MAP" \
				-mg "$mgroots" -details 40 >"$L/client-shipped.log" 2>&1
			local shl
			shl=$(head -n 1 "$L/client-shipped.log")
			cliv="vs-shipped missing=$(field "$shl" missing) moved=$(field "$shl" moved) extra=$(field "$shl" extra) of $(field "$shl" ref-entries)"
		fi
	fi

	# ---- 3e. one Kubernetes layer: metagen's CRDs and its typed clients name each resource alike
	local nm=-
	if [ -d "$MD/mg/rw-metagen-crds" ] && [ ${#clientdirs[@]} -gt 0 ]; then
		local cds=()
		for out in "${clientdirs[@]}"; do [ -d "$MD/mg/$out" ] && cds+=("$MD/mg/$out"); done
		if [ ${#cds[@]} -gt 0 ]; then
			"$RW" names -crd "$MD/mg/rw-metagen-crds" -client "$(IFS=,; echo "${cds[*]}")" -details "$DETAILS" >"$L/names.log" 2>&1 ||
				herr "$name: rwtool names failed: $(tail -n 1 "$L/names.log")"
			local nl
			nl=$(grep '^names:' "$L/names.log")
			local nd
			nd=$(field "$nl" differ)
			NM=$((NM + ${nd:-1}))
			nm="compared=$(field "$nl" compared) differ=${nd:-?}"
		fi
	fi

	# ---- timing only: the project's deepcopy generator, on the up tree (its comparisons are done)
	local dpk=()
	for p in $M_PKGS; do dpk+=("$M_MOD/$p"); done
	if [ "$M_DC_TOOL" = controller-gen ]; then
		local dpaths=
		for p in $M_PKGS; do dpaths="$dpaths${dpaths:+;}./$p"; done
		(cd "$MD/up" && /usr/bin/time -f %e -o "$L/anchor-deepcopy.time" "$ANCHORS/controller-gen" object "paths=$dpaths") >"$L/anchor-deepcopy.log" 2>&1
	else
		(cd "$MD/up" && /usr/bin/time -f %e -o "$L/anchor-deepcopy.time" "$ANCHORS/deepcopy-gen" --go-header-file "$WORK/bin/boilerplate.go.txt" \
			--output-file zz_generated.deepcopy.go "${dpk[@]}") >"$L/anchor-deepcopy.log" 2>&1
	fi || echo "  (timing) $M_DC_TOOL failed: $(tail -n 1 "$L/anchor-deepcopy.log")" >>"$L/anchor-deepcopy.log"
	ta=$(add "$ta" "$(timeof "$L/anchor-deepcopy.time")")

	# ---- generate refused rightly: the only failures are CRD groups whose controller-gen CRDs
	# kube-apiserver rejects (metagen's positioned error is the contract for such input), and
	# every other check is at zero
	if [ $rc -ne 0 ] && [ "${rr:-0}" -gt 0 ] && ! grep -qE ' (deepcopy|openapi|register|client)=FAIL' <<<" $gen" &&
		[ "$build" = ok ] && [ "$dc" = equal ] && [ "$(field "$cl" differ)" = 0 ]; then
		gen="REFUSED-RIGHTLY(rc=$rc: every other generator ok alone) $gen"
		R=$((R + 1))
	fi

	# ---- summary
	local line="module $name $M_MOD@$M_VER: generate=$gen build=$build deepcopy=$dc conversion=$CONV crd=$crd client=$cli names=$nm edits=$edits removed-files=$removed time: metagen=${tmg}s${tfb:+ (fallback runs ${tfb}s)} anchors=${ta}s (${M_DC_TOOL/controller-gen/controller-gen object}${M_CRD_PKGS:+ + controller-gen crd}${M_CLIENT_PKGS:+ + client tools}) default-run=$dflt"
	SUMMARY+=("$line")
	echo "$line"
	[ -n "$firsterr" ] && sed 's/^/  metagen error: /' <<<"$firsterr"
	[ "$build" != ok ] && {
		grep -v '^#' "$L/build.log" | head -n "$DETAILS" | sed 's/^/  build: /'
		[ -s "$L/vet-new.log" ] && head -n "$DETAILS" "$L/vet-new.log" | sed 's/^/  vet (new): /'
	}
	head -n 1 "$L/deepcopy.log" | sed 's/^/  /'
	details "$L/deepcopy.log"
	[ -f "$L/conversion.log" ] && grep -E '^(conversion-defaults|prerelease-lifecycle|conversion-fuzz)|^  ' "$L/conversion.log" | head -n "$DETAILS" | sed 's/^/  /'
	grep '^openapi-model-names' "$L/deepcopy.log" | sed 's/^/  /'
	if [ -f "$L/crd.log" ]; then
		head -n 1 "$L/crd.log" | sed 's/^/  /'
		details "$L/crd.log"
		head -n 1 "$L/crd-shipped.log" | sed 's/^/  /'
		head -n 1 "$L/crd-drift.log" | sed 's/^/  /'
		[ -n "$crdv" ] && echo "  crd: $crdv"
	fi
	if [ -f "$L/client.log" ]; then
		grep '^client-surface' "$L/client.log" | sed 's/^/  /'
		details "$L/client.log"
		[ -n "$cliv" ] && echo "  client: $cliv"
	fi
	[ -f "$L/names.log" ] && sed 's/^/  /' "$L/names.log"
	sed 's/^/ /' "$L/deps.txt"
}

for m in $MODS; do
	run_module "$m"
done

echo
echo "== summary ($((SECONDS - T0))s; logs in $WORK/<module>/logs)"
printf '%s\n' "${SUMMARY[@]}"
[ $HERR -eq 0 ] || echo "realworld: $HERR harness errors (see above)"
echo "realworld: modules=$N generate-ok=$A build-ok=$B deepcopy-equal=$C crd-modules=$D crd-fields-differ=$E client-modules=$F client-surface-missing=$G edits=$H generate-refused-rightly=$R crd-descriptions-differ=$DE names-differ=$NM"
[ $CV -eq 0 ] || echo "realworld: $CV conversion/defaults functions or lifecycle methods differ from upstream's"
[ $HERR -eq 0 ] && [ $CV -eq 0 ] && [ $((A + R)) -eq $N ] && [ $B -eq $N ] && [ $C -eq $N ] && [ $E -eq 0 ] && [ $G -eq 0 ] && [ $NM -eq 0 ] && exit 0
exit 1
