package lists

import (
	"testing"

	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func TestDuplicates(t *testing.T) {
	obj := &Lists{
		Set:       []string{"a", "b", "a", "a"},
		Ports:     []Port{{Kind: "TCP", Port: 80}, {Kind: "UDP", Port: 80}, {Kind: "TCP", Port: 80}},
		ByPointer: []PointerKeyed{{ID: ptr.To("x")}, {ID: nil}, {ID: ptr.To("x")}, {ID: nil}},
		UniqueMap: []Port{{Kind: "TCP", Port: 1}, {Kind: "TCP", Port: 2}},
		UniqueSet: []int{1, 1},
		Custom:    []string{"a", "a"},
		Unique:    []Port{{Kind: "a"}, {Kind: "a"}},
	}
	expect.Errors(t, Validate_Lists(expect.Ctx, expect.Create, nil, obj, nil),
		`set[2]: Duplicate value: "a"`,
		`set[3]: Duplicate value: "a"`,
		`ports[2]: Duplicate value: {"kind":"TCP","port":80}`,
		`byPointer[2]: Duplicate value: {"id":"x","size":0}`,
		`byPointer[3]: Duplicate value: {"id":null,"size":0}`,
		`uniqueMap[1]: Duplicate value: {"kind":"TCP","port":2}`,
		`uniqueSet[1]: Duplicate value: 1`,
		`unique[1]: Duplicate value: {"kind":"a","port":0}`,
	)
}

// Items are paired with old items by their keys: a changed item is
// validated again, an unchanged one is not, wherever it moved.
func TestItemsRatchetByKey(t *testing.T) {
	old := &Lists{
		Ports:     []Port{{Kind: "TCP", Port: 80, Name: "toolong"}, {Kind: "UDP", Port: 53, Name: "toolong"}},
		ByPointer: []PointerKeyed{{ID: ptr.To("a"), Size: -1}},
	}
	obj := &Lists{
		Ports:     []Port{{Kind: "UDP", Port: 53, Name: "toolong!"}, {Kind: "TCP", Port: 80, Name: "toolong"}},
		ByPointer: []PointerKeyed{{ID: ptr.To("b"), Size: -1}, {ID: ptr.To("a"), Size: -1}},
	}
	expect.Errors(t, Validate_Lists(expect.Ctx, expect.Update, nil, obj, old),
		`ports[0].name: Too long: may not be more than 5 characters`,
		`byPointer[0].size: Invalid value: -1: must be greater than or equal to 0`,
	)
}
