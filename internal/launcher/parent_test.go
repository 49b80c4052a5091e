package launcher

import (
	"os"
	"strings"
	"testing"
)

func TestGoToolFlags(t *testing.T) {
	for _, tc := range []struct {
		argv    string
		want    GoFlags
		wantErr string
	}{
		{argv: "/usr/local/go/bin/go tool metagen generate .", want: GoFlags{}},
		{argv: "go tool -modfile=tools.mod metagen generate -modfile=x", want: GoFlags{ModFile: "tools.mod"}},
		{argv: "go tool -modfile tools.mod -modcacherw metagen", want: GoFlags{ModFile: "tools.mod", ModCacheRW: true}},
		{argv: "go -C api tool --overlay=o.json metagen", want: GoFlags{Overlay: "o.json"}},
		{argv: "go -C=api tool -n metagen", want: GoFlags{}},
		{argv: "go tool -- metagen -modfile=x", want: GoFlags{}},
		{argv: "go generate ./...", want: GoFlags{}},
		{argv: "/bin/sh -c go tool -modfile=x.mod metagen", want: GoFlags{}},
		{argv: "go tool -race metagen", wantErr: "go tool -race: a flag the launcher does not know"},
	} {
		got, err := goToolFlags(strings.Fields(tc.argv))
		switch {
		case tc.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: error %v, want %q", tc.argv, err, tc.wantErr)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.argv, err)
		case got != tc.want:
			t.Errorf("%s: %+v, want %+v", tc.argv, got, tc.want)
		}
	}
}

// The launcher reads its parent's command line: here the go test binary's,
// which is no go tool.
func TestParentGoFlagsOfAnotherCommand(t *testing.T) {
	flags, err := parentGoFlags()
	if err != nil || flags != (GoFlags{}) {
		t.Errorf("flags %+v, error %v; want none", flags, err)
	}
	argv, err := commandLine(os.Getpid())
	if err != nil || len(argv) == 0 || !strings.HasSuffix(strings.TrimSuffix(argv[0], ".exe"), ".test") {
		t.Errorf("the test's own command line: %q, %v", argv, err)
	}
}

func TestAnOverlayIsNotCached(t *testing.T) {
	if !(GoFlags{Overlay: "o.json"}).uncacheable("") || !(GoFlags{}).uncacheable("-mod=mod -overlay=/x/o.json") || (GoFlags{ModFile: "a.mod"}).uncacheable("-mod=mod") {
		t.Error("uncacheable: want true with an overlay flag or GOFLAGS entry, false without")
	}
}
