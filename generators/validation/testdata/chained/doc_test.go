package chained

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
)

func TestSubfields(t *testing.T) {
	obj := &Chained{
		Ref:         Ref{Name: "long", Tags: []string{"a", "b"}},
		OptionalRef: &Ref{},
		Meta:        metav1.ObjectMeta{Labels: map[string]string{"Not_Short": "v"}},
	}
	expect.Errors(t, Validate_Chained(expect.Ctx, expect.Create, nil, obj, nil),
		`ref.name: Too long: may not be more than 3 characters`,
		`ref.tags: Too many: 2: must have at most 1 item`,
		`optionalRef.name: Required value`,
		`meta.labels: Invalid value: "Not_Short": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
	)
	expect.Errors(t, Validate_Chained(expect.Ctx, expect.Create, nil, &Chained{}, nil))
}

func TestItems(t *testing.T) {
	old := &Chained{Ports: []Port{{Kind: "UDP", Port: 53, Name: "dns"}}}
	obj := &Chained{Ports: []Port{{Kind: "TCP", Port: 443}, {Kind: "TCP", Port: 80}, {Kind: "UDP", Port: 53, Name: "other"}}}
	expect.Errors(t, Validate_Chained(expect.Ctx, expect.Update, nil, obj, old),
		`ports[1].name: Required value`,
		`ports[2]: Invalid value: null: field is immutable`,
	)
}

// A chain into a list checks what it says; the items' own rules are their
// type's, reported once.
func TestChainedListItemsOnce(t *testing.T) {
	obj := &Grouped{Group: Group{Items: []Member{{Name: "long"}, {Name: "long"}}}}
	expect.Errors(t, Validate_Grouped(expect.Ctx, expect.Create, nil, obj, nil),
		`group.items[1]: Duplicate value: {"name":"long"}`,
		`group.items[0].name: Too long: may not be more than 3 characters`,
		`group.items[1].name: Too long: may not be more than 3 characters`,
	)
}

// An opaque ObjectMeta gets no metadata rules (no name is required), only
// the chained ones.
func TestOpaqueObjectMeta(t *testing.T) {
	expect.Errors(t, Validate_OpaqueMeta(expect.Ctx, expect.Create, nil, &OpaqueMeta{}, nil))
	obj := &OpaqueMeta{ObjectMeta: metav1.ObjectMeta{Finalizers: []string{"a", "a"}}}
	expect.Errors(t, Validate_OpaqueMeta(expect.Ctx, expect.Create, nil, obj, nil),
		`metadata.finalizers[1]: Duplicate value: "a"`,
	)
}
