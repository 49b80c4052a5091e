# Conversions, defaulters and lifecycle methods (issue 16); sourced by run.sh.
# Modules that ship conversion-gen, defaulter-gen or prerelease-lifecycle-gen output list those
# generators in M_GENS: run.sh removes upstream's files in mg, metagen writes its own, mg must
# build, and conversion_check compares what the files declare with upstream's.

CV=0 # functions and lifecycle methods that differ, over all modules

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
	"$RW" funcs -name conversion-defaults -up "$md/up" -mg "$md/mg" "$@" >"$l/conversion.log" 2>&1 ||
		{ herr "rwtool funcs failed: $(tail -n 1 "$l/conversion.log")"; return 0; }
	"$RW" methods -name prerelease-lifecycle -match '^APILifecycle' -upfile zz_generated.prerelease-lifecycle.go \
		-mgfile zz_generated.prerelease-lifecycle.go -up "$md/up" -mg "$md/mg" "$@" >>"$l/conversion.log" 2>&1 ||
		{ herr "rwtool methods (lifecycle) failed: $(tail -n 1 "$l/conversion.log")"; return 0; }
	local fl ml diff
	fl=$(grep '^conversion-defaults:' "$l/conversion.log")
	ml=$(grep '^prerelease-lifecycle:' "$l/conversion.log")
	diff=$(($(field "$fl" only-upstream) + $(field "$fl" only-metagen) + $(field "$ml" only-upstream) + $(field "$ml" only-metagen) + $(field "$ml" receiver-differs)))
	CV=$((CV + diff))
	if [ "$diff" = 0 ]; then
		CONV="equal(files=$(field "$fl" upstream-files) funcs=$(field "$fl" upstream) lifecycle-methods=$(field "$ml" upstream))"
	else
		CONV="DIFF($diff of funcs=$(field "$fl" upstream) lifecycle-methods=$(field "$ml" upstream))"
	fi
}
