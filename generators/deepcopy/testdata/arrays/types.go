package arrays

// Elem holds a slice.
type Elem struct {
	Values []string
}

// Arrays has arrays in every position.
type Arrays struct {
	Plain        [3]int
	Pointers     [2]*int
	Structs      [2]Elem
	Slices       [2][]string
	Maps         [2]map[string]int
	Nested       [2][2]*string
	PtrToArray   *[2]*int
	SliceOfArray [][2]*int
	MapOfArray   map[string][2]*int
	Anonymous    [2]struct {
		Names []string
		Grid  [2]*int
	}
	AnonSlice []struct{ Values []int }
	AnonMap   map[string]struct{ Values []int }
}
