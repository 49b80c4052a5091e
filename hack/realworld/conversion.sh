# Conversions, defaulters and lifecycle methods (issue 16); sourced by run.sh.
# Modules that ship conversion-gen, defaulter-gen or prerelease-lifecycle-gen output list those
# generators in M_GENS: run.sh removes upstream's files in mg, metagen writes its own, mg must
# build, and conversion_check compares what the files declare with upstream's.

CV=0 # functions, lifecycle methods and fuzzed results that differ, over all modules
FUZZ_ROUNDS=${RW_FUZZ_ROUNDS:-20}
# M_FUZZ_DEPTH (modules.sh): the filler's maximum depth for modules whose types recurse (0: randfill's
# default); RW_FUZZ_TIMEOUT (900 s): a run of rwfuzz that takes longer fails the module's fuzz

# codegen_files GEN: the files the generator writes
codegen_files() {
	case $1 in
	conversion) echo zz_generated.conversion.go ;;
	defaults) echo zz_generated.defaults.go ;;
	prerelease-lifecycle) echo zz_generated.prerelease-lifecycle.go ;;
	esac
}

# conversion_check MD LOGDIR PKG...: compares the package-level functions of the conversion and
# defaults files (Convert_*, autoConvert_*, RegisterConversions, SetObjectDefaults_*, ...) and the
# APILifecycle* methods, up against mg. Sets CONV for the module line and adds differences to CV.
conversion_check() {
	local md=$1 l=$2
	shift 2
	CONV=-
	[[ ,$M_GENS, == *,conversion,* || ,$M_GENS, == *,defaults,* || ,$M_GENS, == *,prerelease-lifecycle,* ]] || return 0
	local files=zz_generated.conversion.go,zz_generated.defaults.go
	"$RW" methods -funcs -name conversion-defaults -match . -upfile $files -mgfile $files -up "$md/up" -mg "$md/mg" "$@" \
		>"$l/conversion.log" 2>&1 || { herr "rwtool methods -funcs failed: $(tail -n 1 "$l/conversion.log")"; return 0; }
	"$RW" methods -name prerelease-lifecycle -match '^APILifecycle' -upfile zz_generated.prerelease-lifecycle.go \
		-mgfile zz_generated.prerelease-lifecycle.go -up "$md/up" -mg "$md/mg" "$@" >>"$l/conversion.log" 2>&1 ||
		{ herr "rwtool methods (lifecycle) failed: $(tail -n 1 "$l/conversion.log")"; return 0; }
	conversion_fuzz "$md" "$l" "$@"
	local fl ml diff
	fl=$(grep '^conversion-defaults:' "$l/conversion.log")
	ml=$(grep '^prerelease-lifecycle:' "$l/conversion.log")
	diff=$((FUZZ_DIFF + $(field "$fl" only-upstream) + $(field "$fl" only-metagen) + $(field "$fl" receiver-differs) + $(field "$ml" only-upstream) + $(field "$ml" only-metagen) + $(field "$ml" receiver-differs)))
	CV=$((CV + diff))
	if [ "$diff" = 0 ]; then
		CONV="equal(files=$(field "$fl" upstream-files) funcs=$(field "$fl" upstream) lifecycle-methods=$(field "$ml" upstream) $FUZZ)"
	else
		CONV="DIFF($diff of funcs=$(field "$fl" upstream) lifecycle-methods=$(field "$ml" upstream) $FUZZ)"
	fi
}

# conversion_fuzz MD LOGDIR PKG...: the same program, in up (upstream's generated files) and in mg
# (metagen's), fills random objects of every versioned kind the packages register that has an
# internal version (apimachinery's fuzzer with meta's fuzzer functions, fixed seeds), converts each
# to internal and back and defaults it, and prints every result; the outputs must be equal. Sets
# FUZZ (kinds x rounds, results) and FUZZ_DIFF.
conversion_fuzz() {
	local md=$1 l=$2 p i imports= adds=
	shift 2
	FUZZ="fuzz=-" FUZZ_DIFF=0
	[[ ,$M_GENS, == *,conversion,* ]] || return 0
	# metagen's tree must build for the program to run there (run_module's $build)
	[ "${build:-ok}" = ok ] || { FUZZ="fuzz=skipped(mg-does-not-build)"; return 0; }
	i=0
	for p in "$@"; do
		grep -qs 'AddToScheme' "$md/up/$p"/*.go || continue
		imports="$imports\\tp$i \"$M_MOD/$p\"\\n"
		adds="$adds p$i.AddToScheme,"
		i=$((i + 1))
	done
	local t
	for t in up mg; do
		mkdir -p "$md/$t/rwfuzz"
		sed -e "s|// IMPORTS|$imports|" -e "s|/\* ADDS \*/|$adds|" >"$md/$t/rwfuzz/main.go" <<'GO'
// Command rwfuzz (realworld harness) converts and defaults random objects; see conversion.sh.
package main

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strconv"

	"k8s.io/apimachinery/pkg/api/apitesting/fuzzer"
	"k8s.io/apimachinery/pkg/api/resource"
	metafuzzer "k8s.io/apimachinery/pkg/apis/meta/fuzzer"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/randfill"

// IMPORTS
)

func quantity(serializer.CodecFactory) []any {
	return []any{func(q *resource.Quantity, c randfill.Continue) { *q = *resource.NewQuantity(c.Int63n(1<<20), resource.DecimalSI) }}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func main() {
	rounds, _ := strconv.Atoi(os.Args[1])
	depth, _ := strconv.Atoi(os.Args[2])
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{ /* ADDS */ } {
		if err := add(scheme); err != nil {
			panic(err)
		}
	}
	var kinds []schema.GroupVersionKind
	for gvk := range scheme.AllKnownTypes() {
		internal := gvk.GroupKind().WithVersion(runtime.APIVersionInternal)
		if gvk.Version != runtime.APIVersionInternal && scheme.Recognizes(internal) {
			kinds = append(kinds, gvk)
		}
	}
	sort.Slice(kinds, func(i, j int) bool { return kinds[i].String() < kinds[j].String() })
	out := json.NewEncoder(os.Stdout)
	for i, gvk := range kinds {
		f := fuzzer.FuzzerFor(fuzzer.MergeFuzzerFuncs(metafuzzer.Funcs, quantity), rand.NewSource(int64(i)+1), serializer.NewCodecFactory(scheme))
		if depth > 0 {
			f.MaxDepth(depth)
		}
		for round := range rounds {
			obj, _ := scheme.New(gvk)
			f.Fill(obj)
			internal, _ := scheme.New(gvk.GroupKind().WithVersion(runtime.APIVersionInternal))
			toErr := scheme.Convert(obj.DeepCopyObject(), internal, nil)
			back, _ := scheme.New(gvk)
			backErr := scheme.Convert(internal, back, nil)
			defaulted := obj.DeepCopyObject()
			scheme.Default(defaulted)
			if err := out.Encode(map[string]any{"gvk": gvk.String(), "round": round, "internal": internal, "toInternalError": errText(toErr),
				"back": back, "backError": errText(backErr), "defaulted": defaulted}); err != nil {
				fmt.Fprintln(os.Stderr, gvk, round, err)
				os.Exit(1)
			}
		}
	}
}
GO
		(cd "$md/$t" && timeout "${RW_FUZZ_TIMEOUT:-900}" go run ./rwfuzz "$FUZZ_ROUNDS" "${M_FUZZ_DEPTH:-0}") >"$l/fuzz-$t.jsonl" 2>"$l/fuzz-$t.log" ||
			{ herr "rwfuzz failed in $t: $(tail -n 2 "$l/fuzz-$t.log" | tr '\n' ' ')"; FUZZ="fuzz=FAIL"; return 0; }
	done
	local results kinds
	results=$(wc -l <"$l/fuzz-up.jsonl")
	kinds=$(sed -nE 's/.*"gvk":"([^"]*)".*/\1/p' "$l/fuzz-up.jsonl" | sort -u | wc -l)
	FUZZ_DIFF=$(diff <(cat "$l/fuzz-up.jsonl") <(cat "$l/fuzz-mg.jsonl") | grep -c '^[<>]')
	[ "$results" -gt 0 ] || { herr "rwfuzz printed nothing"; FUZZ="fuzz=EMPTY"; return 0; }
	FUZZ="fuzzed=${kinds}kinds*${FUZZ_ROUNDS}rounds results=$results differ=$FUZZ_DIFF"
	echo "conversion-fuzz: kinds=$kinds rounds=$FUZZ_ROUNDS results=$results differ-lines=$FUZZ_DIFF" >>"$l/conversion.log"
}
