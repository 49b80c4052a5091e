package gofmtfast

import (
	"bytes"
	"fmt"
	"go/format"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// everyLiteral makes Source print literals of any length itself.
func everyLiteral(t *testing.T) {
	defer func(n int) { t.Cleanup(func() { minLines = n }) }(minLines)
	minLines = 0
}

// same holds Source to go/format.Source on src.
func same(t *testing.T, name string, src []byte) {
	t.Helper()
	want, wantErr := format.Source(src)
	got, err := Source(src)
	if (err != nil) != (wantErr != nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("%s: error %v, go/format's %v", name, err, wantErr)
	}
	if !bytes.Equal(got, want) {
		gotLines, wantLines := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gotLines), len(wantLines)) {
			if gotLines[i] != wantLines[i] {
				t.Fatalf("%s: line %d differs from go/format's:\n got %q\nwant %q", name, i+1, gotLines[i], wantLines[i])
			}
		}
		t.Fatalf("%s: %d lines, go/format's %d", name, len(gotLines), len(wantLines))
	}
}

// unformatted is src with what formatting adds taken out, as jennifer
// writes a file: no indentation, no alignment.
var (
	leadingSpace = regexp.MustCompile(`(?m)^[ \t]+`)
	alignment    = regexp.MustCompile(`(?m)^([A-Za-z"][^:\n]*:) +`)
)

func unformatted(src []byte) []byte {
	return alignment.ReplaceAll(leadingSpace.ReplaceAll(src, nil), []byte("$1 "))
}

// Every generated Go file of the checkout, as it is and unformatted:
// the goldens of every generator, the examples and the server's registry.
func TestSourceIsGoFormatOnGeneratedFiles(t *testing.T) {
	everyLiteral(t) // the short literals of clients and registers too
	root := filepath.Join("..", "..")
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasPrefix(d.Name(), "zz_generated") || !strings.HasSuffix(d.Name(), ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		same(t, path, src)
		same(t, path+" (unformatted)", unformatted(src))
		if _, printed, _ := source(unformatted(src)); d.Name() == "zz_generated.openapi.go" && printed == 0 && bytes.Contains(src, []byte("\treturn common.OpenAPIDefinition{")) {
			t.Errorf("%s: no literal printed by Source itself", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 50 {
		t.Fatalf("found %d generated files; the walk is broken", n)
	}
}

// openapi-gen's own output in the module cache: Kubernetes' 4 MB file and
// others, whose literal shapes (dependencies on one line, mixed key sizes
// in GetOpenAPIDefinitions) metagen's compatible mode writes too; and the
// point of the package, the time.
func TestSourceIsGoFormatOnOpenAPIGenOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("formats megabytes with go/format")
	}
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	cache := strings.TrimSpace(string(out))
	files, _ := filepath.Glob(filepath.Join(cache, "k8s.io", "kubernetes@*", "pkg", "generated", "openapi", "zz_generated.openapi.go"))
	more, _ := filepath.Glob(filepath.Join(cache, "sigs.k8s.io", "gateway-api@*", "pkg", "generated", "openapi", "zz_generated.openapi.go"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Skip("no openapi-gen output in the module cache")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src = unformatted(src)
		start := time.Now()
		want, err := format.Source(src)
		slow := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		start = time.Now()
		got, err := Source(src)
		fast := time.Since(start)
		if err != nil || !bytes.Equal(got, want) {
			same(t, file, src)
		}
		t.Logf("%s: %d KiB, go/format %v, Source %v", file, len(src)>>10, slow, fast)
	}
}

// The shapes exprList treats apart: keys longer than 40 bytes whose sizes
// differ by more than the 2.5 ratio (a section break), a lone pair, pairs
// after a multi-line element, non-ASCII keys, elements sharing a line,
// comments and blank lines (left to go/format), and literals that are not
// returned (left as they are).
func TestSourceShapes(t *testing.T) {
	everyLiteral(t)
	cases := map[string]string{
		"ratio": `package p
func f() map[string]int {
return map[string]int{
"k8s.io/api/core/v1.SomeRatherLongTypeNameThatIsLong": 1,
"k8s.io/api/core/v1.Short": 2,
"k8s.io/api/core/v1.AnotherRatherLongTypeNameThatIsLongerStill": 3,
"a": 4,
"bb": 5,
x{}.AVeryLongMethodNameToMakeTheKeyLongerThanFortyBytes(): 6,
"k8s.io/api/core/v1.SomeRatherLongTypeNameThatIsLongAndLongerAndLongerAndLongerStillMore": 7,
}
}
`,
		"nested": `package p
func f() T {
return T{
A: 1,
Props: map[string]S{
"name": {
SchemaProps: SchemaProps{
Description: "naïve – ünïcode",
Type: []string{"object"},
Default: map[string]interface{}{"a": -1, "b": []interface{}{1.5, "x"}},
},
},
"ñame": {
Only: &S{
One: 1,
},
},
},
Items: &SchemaOrArray{
Schema: &Schema{
Ref: ref(metav1.ObjectMeta{}.OpenAPIModelName()),
},
},
Later: 2,
LaterStill: "x",
Deps: []string{
"a", "b", x{}.Name()},
List: []string{
"a",
"b",
},
"ünï": 1,
"üü": 2,
}
}
`,
		"fallbacks": `package p
func f() T {
return T{
A: 1,

B: 2, // a comment
C: f(
1),
D: 3, E: 4,
F: 0X1F,
}
}

func g() T {
x := 1
return T{
A: x,
Bb: 2,
}
}

var v = T{
A: 1,
Bbbb: 2,
}
`,
		"syntax error": `package p
func f() T {
return T{
A: 1,
`,
	}
	for name, src := range cases {
		same(t, name, []byte(src))
		same(t, name+" (formatted)", mustFormat(t, src))
		_, printed, _ := source([]byte(src))
		if want := map[string]int{"ratio": 1, "nested": 1, "fallbacks": 0}[name]; printed != want {
			t.Errorf("%s: %d literals printed by Source itself, want %d", name, printed, want)
		}
	}
}

func mustFormat(t *testing.T, src string) []byte {
	out, err := format.Source([]byte(src))
	if err != nil {
		return []byte(src)
	}
	return out
}

// Random literals: keys of every size around the 40-byte and 2.5-ratio
// thresholds, nested literals between them, single-line values of every
// kind Source prints (seeded: the same cases every run).
func TestSourceRandomLiterals(t *testing.T) {
	everyLiteral(t)
	rng := rand.New(rand.NewPCG(36, 1))
	key := func() string {
		switch rng.IntN(4) {
		case 0:
			return "F" + strings.Repeat("x", rng.IntN(12))
		case 1:
			return strconv.Quote(strings.Repeat("k", 1+rng.IntN(100)))
		case 2:
			return "x{}." + strings.Repeat("M", 1+rng.IntN(60)) + "()"
		}
		return strconv.Quote("ü" + strings.Repeat("k", rng.IntN(50)))
	}
	value := func() string {
		return []string{`1`, `-2`, `"s"`, `[]string{"a", "b"}`, `ref("x")`, `map[string]interface{}{}`, `&T{A: 1}`, `x.Y`, `1.5e+06`}[rng.IntN(9)]
	}
	var lit func(b *strings.Builder, depth int)
	lit = func(b *strings.Builder, depth int) {
		b.WriteString("T{\n")
		for range 1 + rng.IntN(8) {
			b.WriteString(key() + ": ")
			if depth < 4 && rng.IntN(4) == 0 {
				if rng.IntN(2) == 0 {
					b.WriteString("&")
				}
				lit(b, depth+1)
			} else {
				b.WriteString(value())
			}
			b.WriteString(",\n")
		}
		b.WriteString("}")
	}
	printed := 0
	defer func() {
		if printed < 250 {
			t.Errorf("Source printed %d of 300 literals itself; the cases do not exercise it", printed)
		}
	}()
	for i := range 300 {
		var b strings.Builder
		b.WriteString("package p\n\nfunc f() T {\nreturn ")
		lit(&b, 0)
		b.WriteString("\n}\n")
		same(t, fmt.Sprintf("case %d:\n%s", i, b.String()), []byte(b.String()))
		_, n, _ := source([]byte(b.String()))
		printed += n
	}
}

// benchFiles are the Go files the benchmarks format: those under
// $GOFMTFAST_DIR (say, the all suite's copy of k8s.io/api after a generate,
// kept with -keep) whose name holds $GOFMTFAST_ONLY, else openapi-gen's
// output in the module cache.
func benchFiles(b *testing.B) [][]byte {
	var files [][]byte
	if dir := os.Getenv("GOFMTFAST_DIR"); dir != "" {
		only := os.Getenv("GOFMTFAST_ONLY")
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") && strings.Contains(path, only) {
				if src, err := os.ReadFile(path); err == nil && bytes.Contains(src, []byte("DO NOT EDIT")) {
					files = append(files, src)
				}
			}
			return nil
		})
	} else {
		out, _ := exec.Command("go", "env", "GOMODCACHE").Output()
		paths, _ := filepath.Glob(filepath.Join(strings.TrimSpace(string(out)), "sigs.k8s.io", "gateway-api@*", "pkg", "generated", "openapi", "zz_generated.openapi.go"))
		for _, path := range paths {
			if src, err := os.ReadFile(path); err == nil {
				files = append(files, src)
			}
		}
	}
	if len(files) == 0 {
		b.Skip("no files to format")
	}
	return files
}

// go test -run - -bench . -cpu 1 ./generators/gofmtfast, with
// GOFMTFAST_DIR=<tree> [GOFMTFAST_ONLY=openapi]: the two side by side.
func BenchmarkGoFormat(b *testing.B) { benchFormat(b, format.Source) }
func BenchmarkSource(b *testing.B)   { benchFormat(b, Source) }

func benchFormat(b *testing.B, formatter func([]byte) ([]byte, error)) {
	files := benchFiles(b)
	size := 0
	for _, f := range files {
		size += len(f)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, f := range files {
			if _, err := formatter(f); err != nil {
				b.Fatal(err)
			}
		}
	}
}
