package handwritten

// OnlyInto has a hand-written DeepCopyInto: only DeepCopy is generated.
type OnlyInto struct {
	Values []int
}

// DeepCopyInto copies by hand.
func (in *OnlyInto) DeepCopyInto(out *OnlyInto) {
	*out = *in
	if in.Values != nil {
		out.Values = make([]int, len(in.Values))
		copy(out.Values, in.Values)
	}
}

// OnlyDeepCopy has a hand-written DeepCopy: DeepCopyInto calls it.
type OnlyDeepCopy struct {
	Values []int
}

// DeepCopy copies by hand.
func (in *OnlyDeepCopy) DeepCopy() *OnlyDeepCopy {
	if in == nil {
		return nil
	}
	out := &OnlyDeepCopy{}
	if in.Values != nil {
		out.Values = make([]int, len(in.Values))
		copy(out.Values, in.Values)
	}
	return out
}

// Both has both methods by hand: nothing is generated for it.
type Both struct {
	Values []int
}

// DeepCopyInto copies by hand.
func (in *Both) DeepCopyInto(out *Both) {
	*out = *in
	if in.Values != nil {
		out.Values = make([]int, len(in.Values))
		copy(out.Values, in.Values)
	}
}

// DeepCopy copies by hand.
func (in *Both) DeepCopy() *Both {
	if in == nil {
		return nil
	}
	out := new(Both)
	in.DeepCopyInto(out)
	return out
}

// Set is a named map with a hand-written value DeepCopy.
type Set map[string]bool

// DeepCopy copies by hand.
func (in Set) DeepCopy() Set {
	if in == nil {
		return nil
	}
	out := make(Set, len(in))
	for k, v := range in {
		out[k] = v
	}
	return out
}

// Version is a named string with a hand-written DeepCopy: it is copyable,
// and gets DeepCopyInto.
type Version string

// DeepCopy returns the same string.
func (in Version) DeepCopy() Version { return in }

// User holds the hand-written types in every position.
type User struct {
	Into     OnlyInto
	IntoPtr  *OnlyInto
	IntoList []OnlyInto
	IntoMap  map[string]OnlyInto
	Copy     OnlyDeepCopy
	CopyPtr  *OnlyDeepCopy
	CopyList []OnlyDeepCopy
	CopyMap  map[string]OnlyDeepCopy
	Both     Both
	Set      Set
	SetPtr   *Set
	Sets     []Set
	SetMap   map[string]Set
	Version  Version
	Versions []Version
}
