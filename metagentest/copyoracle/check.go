package copyoracle

import (
	"fmt"
	"reflect"
	"runtime"
	"sort"
	"time"
)

// Problem is the first defect CheckCopy found, located by a Go-like path from
// the root value such as `.Spec.Containers[0].Ports` or `.Labels["app"]`.
type Problem struct {
	Path    string // "" for the root value itself
	Message string
}

// Error formats the problem as "path: message", with "(root)" for the root.
func (p *Problem) Error() string {
	path := p.Path
	if path == "" {
		path = "(root)"
	}
	return path + ": " + p.Message
}

func problemf(path, format string, args ...any) *Problem {
	return &Problem{Path: path, Message: fmt.Sprintf(format, args...)}
}

// CheckCopy returns nil if copied is a faithful deep copy of original, and
// otherwise a *Problem describing the first defect.
//
// A faithful copy is reflect.DeepEqual to the original (so a nil slice or map
// must stay nil and an empty one empty) and shares no mutable memory with it:
// no pointer, map or slice backing array reachable from copied may overlap
// memory reachable from original. Unexported fields are inspected as well.
// Strings are immutable and may be shared, as may memory of zero size and
// *time.Location (time.Time values are copied by assignment by design).
//
// Pass original and copied with the same type; typically both are pointers,
// e.g. CheckCopy(&in, in.DeepCopy()).
func CheckCopy(original, copied any) error {
	if !reflect.DeepEqual(original, copied) {
		d := differ{seen: map[[2]uintptr]bool{}}
		if p := d.diff(reflect.ValueOf(original), reflect.ValueOf(copied), ""); p != nil {
			return p
		}
		// Only reachable for values DeepEqual never considers equal, e.g. non-nil funcs.
		return problemf("", "not equal")
	}
	return findSharedMemory(original, copied)
}

// differ locates where two values that are not reflect.DeepEqual differ.
// It mirrors DeepEqual's rules, but works on reflect.Values directly so that
// unexported fields need no special access.
type differ struct {
	seen map[[2]uintptr]bool // pointer pairs already compared, against cycles
}

func (d *differ) diff(a, b reflect.Value, path string) *Problem {
	if !a.IsValid() || !b.IsValid() {
		if a.IsValid() != b.IsValid() {
			return problemf(path, "not equal: %s vs %s", describe(a), describe(b))
		}
		return nil
	}
	if a.Type() != b.Type() {
		return problemf(path, "type mismatch: %s vs %s", a.Type(), b.Type())
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if p := diffNil(a, b, path, "nil", "non-nil"); p != nil || a.IsNil() {
			return p
		}
		if a.Kind() == reflect.Pointer {
			pair := [2]uintptr{a.Pointer(), b.Pointer()}
			if pair[0] == pair[1] || d.seen[pair] {
				return nil
			}
			d.seen[pair] = true
		}
		return d.diff(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if p := diffNil(a, b, path, "nil", "empty"); p != nil || a.IsNil() {
			return p
		}
		if a.Len() != b.Len() {
			return problemf(path, "not equal: length %d vs %d", a.Len(), b.Len())
		}
		return d.diffElements(a, b, path)
	case reflect.Array:
		return d.diffElements(a, b, path)
	case reflect.Map:
		if p := diffNil(a, b, path, "nil", "empty"); p != nil || a.IsNil() {
			return p
		}
		for _, key := range sortedKeys(a) {
			keyPath := path + "[" + describe(key) + "]"
			bValue := b.MapIndex(key)
			if !bValue.IsValid() {
				return problemf(keyPath, "missing in copy")
			}
			if p := d.diff(a.MapIndex(key), bValue, keyPath); p != nil {
				return p
			}
		}
		if a.Len() != b.Len() {
			return problemf(path, "not equal: length %d vs %d", a.Len(), b.Len())
		}
		return nil
	case reflect.Struct:
		for i := range a.NumField() {
			if p := d.diff(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); p != nil {
				return p
			}
		}
		return nil
	case reflect.Func:
		if a.IsNil() && b.IsNil() {
			return nil
		}
		return problemf(path, "not equal: funcs are only equal when both are nil")
	default:
		if !leavesEqual(a, b) {
			return problemf(path, "not equal: %s vs %s", describe(a), describe(b))
		}
		return nil
	}
}

func (d *differ) diffElements(a, b reflect.Value, path string) *Problem {
	for i := range a.Len() {
		if p := d.diff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != nil {
			return p
		}
	}
	return nil
}

// diffNil reports a difference in nil-ness, naming the non-nil state nonNil
// ("empty" for slices and maps, where nil vs empty is the usual mistake).
func diffNil(a, b reflect.Value, path, isNil, nonNil string) *Problem {
	if a.IsNil() == b.IsNil() {
		return nil
	}
	state := func(v reflect.Value) string {
		switch {
		case v.IsNil():
			return isNil
		case v.Kind() == reflect.Slice || v.Kind() == reflect.Map:
			if v.Len() == 0 {
				return nonNil
			}
			return fmt.Sprintf("non-nil (length %d)", v.Len())
		default:
			return nonNil
		}
	}
	return problemf(path, "not equal: original is %s, copy is %s", state(a), state(b))
}

// leavesEqual compares scalar kinds like reflect.DeepEqual does (NaN != NaN).
func leavesEqual(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Chan, reflect.UnsafePointer:
		return a.Pointer() == b.Pointer()
	default:
		panic("copyoracle: unexpected kind " + a.Kind().String())
	}
}

// describe renders a value for messages; fmt reads unexported values too.
func describe(v reflect.Value) string {
	switch {
	case !v.IsValid():
		return "<invalid>"
	case v.Kind() == reflect.String:
		return fmt.Sprintf("%q", v.String())
	default:
		return fmt.Sprintf("%v", v)
	}
}

// sortedKeys makes map walks, and so the reported first problem, deterministic.
func sortedKeys(m reflect.Value) []reflect.Value {
	keys := m.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return describe(keys[i]) < describe(keys[j]) })
	return keys
}

// region is a block of mutable memory reachable from a value.
type region struct {
	start, end uintptr
	what       string // "pointer", "map" or "slice backing array"
	path       string
}

// memoryIndex answers "does this region overlap any recorded region?".
type memoryIndex struct {
	regions []region // sorted by start
	maxEnd  []int    // maxEnd[i]: index of the region with the largest end among regions[:i+1]
}

func newMemoryIndex(regions []region) *memoryIndex {
	sort.Slice(regions, func(i, j int) bool { return regions[i].start < regions[j].start })
	idx := &memoryIndex{regions: regions, maxEnd: make([]int, len(regions))}
	for i := range regions {
		idx.maxEnd[i] = i
		if i > 0 && regions[idx.maxEnd[i-1]].end > regions[i].end {
			idx.maxEnd[i] = idx.maxEnd[i-1]
		}
	}
	return idx
}

func (idx *memoryIndex) overlapping(r region) (region, bool) {
	// Regions starting before r ends overlap r iff one of them ends after r starts.
	n := sort.Search(len(idx.regions), func(i int) bool { return idx.regions[i].start >= r.end })
	if n == 0 {
		return region{}, false
	}
	candidate := idx.regions[idx.maxEnd[n-1]]
	return candidate, candidate.end > r.start
}

// locationType is exempt from sharing checks: time.Time holds a
// *time.Location that is shared by design, and metav1.Time copies by assignment.
var locationType = reflect.TypeFor[time.Location]()

func findSharedMemory(original, copied any) error {
	var originalRegions []region
	collect := memoryWalker{seen: map[seenKey]bool{}, visit: func(r region) error {
		originalRegions = append(originalRegions, r)
		return nil
	}}
	_ = collect.walk(reflect.ValueOf(original), "")
	index := newMemoryIndex(originalRegions)

	check := memoryWalker{seen: map[seenKey]bool{}, visit: func(r region) error {
		shared, ok := index.overlapping(r)
		if !ok {
			return nil
		}
		if shared.path == r.path && shared.what == r.what {
			return problemf(r.path, "shared %s", r.what)
		}
		return problemf(r.path, "%s shares memory with original's %s (%s)", r.what, pathOrRoot(shared.path), shared.what)
	}}
	err := check.walk(reflect.ValueOf(copied), "")

	// The regions hold addresses as uintptr, which do not keep memory alive.
	runtime.KeepAlive(original)
	runtime.KeepAlive(copied)
	return err
}

func pathOrRoot(path string) string {
	if path == "" {
		return "(root)"
	}
	return path
}

type seenKey struct {
	addr   uintptr
	typ    reflect.Type
	length int
}

// memoryWalker visits every pointer, map and slice backing array reachable
// from a value, once each. It only reads, so unexported fields need no access.
type memoryWalker struct {
	seen  map[seenKey]bool
	visit func(region) error
}

func (w *memoryWalker) walk(v reflect.Value, path string) error {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Type().Elem() == locationType {
			return nil
		}
		if first, err := w.enter(v, "pointer", v.Type().Elem().Size(), 0, path); !first || err != nil {
			return err
		}
		return w.walk(v.Elem(), path)
	case reflect.Map:
		if v.IsNil() {
			return nil
		}
		// A map value is a pointer to the runtime's map header; one byte identifies it.
		if first, err := w.enter(v, "map", 1, 0, path); !first || err != nil {
			return err
		}
		for _, key := range sortedKeys(v) {
			keyPath := path + "[" + describe(key) + "]"
			if err := w.walk(key, keyPath); err != nil {
				return err
			}
			if err := w.walk(v.MapIndex(key), keyPath); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		size := uintptr(v.Cap()) * v.Type().Elem().Size()
		if first, err := w.enter(v, "slice backing array", size, v.Len(), path); !first || err != nil {
			return err
		}
		return w.walkElements(v, path)
	case reflect.Array:
		return w.walkElements(v, path)
	case reflect.Struct:
		for i := range v.NumField() {
			if err := w.walk(v.Field(i), path+"."+v.Type().Field(i).Name); err != nil {
				return err
			}
		}
		return nil
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return w.walk(v.Elem(), path)
	default:
		return nil // scalars, strings, funcs and chans hold no copyable memory
	}
}

func (w *memoryWalker) walkElements(v reflect.Value, path string) error {
	for i := range v.Len() {
		if err := w.walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
			return err
		}
	}
	return nil
}

// enter records v's memory and reports whether v is seen for the first time.
// Zero-size memory is not recorded: Go may place all of it at one address.
func (w *memoryWalker) enter(v reflect.Value, what string, size uintptr, length int, path string) (first bool, err error) {
	start := uintptr(v.UnsafePointer())
	key := seenKey{addr: start, typ: v.Type(), length: length}
	if w.seen[key] {
		return false, nil
	}
	w.seen[key] = true
	if size == 0 {
		return true, nil
	}
	return true, w.visit(region{start: start, end: start + size, what: what, path: path})
}
