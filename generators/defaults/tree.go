package defaults

import (
	"encoding/json"
	"go/token"
	"go/types"
	"reflect"
	"regexp"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gengo"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// function is a defaulting function to call: hand-written, or one this run
// generates.
type function struct {
	pkgPath string
	name    string
	pos     token.Position
}

// defaulters are the functions known for one type (defaulter-gen's defaults):
// the object defaulter that covers everything, the base SetDefaults_<Type>,
// and additional SetDefaults_<Type>_<Suffix> ones.
type defaulters struct {
	object     *function
	base       *function
	baseCovers bool
	additional []*function
}

type funcMap map[string]*defaulters

func (m funcMap) of(t types.Type) *defaulters {
	if d := m[gengo.Key(t)]; d != nil {
		return d
	}
	return &defaulters{}
}

// defaultValue is a +default= value: JSON, or a ref(…) to a Go constant.
type defaultValue struct {
	inline string
	refPkg string
	ref    string
}

func (d defaultValue) isEmpty() bool { return d.inline == "" && d.ref == "" }

// callNode is one step of the walk from the object to a value that is
// defaulted (defaulter-gen's callNode).
type callNode struct {
	field string // a struct field
	key   bool   // a map value
	index bool   // a slice or array item
	elem  bool   // behind a pointer

	call     []*function
	children []*callNode

	defaultValue       defaultValue
	defaultIsPrimitive bool
	markerOnly         bool // only a default, no calls below
	defaultType        types.Type
	defaultTopLevel    types.Type
}

// treeBuilder is defaulter-gen's callTreeForType.
type treeBuilder struct {
	st       *state
	existing funcMap
	planned  funcMap
	building map[string]bool
	errs     *[]error
}

func (b *treeBuilder) build(t types.Type, root bool) *callNode {
	parent := &callNode{elem: root}
	existing := b.existing.of(t)
	planned, generated := b.planned[gengo.Key(t)]
	switch {
	case !root && generated && planned.object != nil:
		parent.call = append(parent.call, planned.object)
		return parent
	case existing.object != nil:
		parent.call = append(parent.call, existing.object)
		return parent
	case existing.base != nil:
		parent.call = append(parent.call, existing.base)
		if existing.baseCovers {
			return parent
		}
	}
	parent.call = append(parent.call, existing.additional...)

	if b.building[gengo.Key(t)] {
		return nil // recursion: the walk above covers it
	}
	b.building[gengo.Key(t)] = true
	defer func() { b.building[gengo.Key(t)] = false }()

	k, inner := gengo.Shape(t)
	switch k {
	case gengo.KindPointer:
		if child := b.build(inner, false); child != nil {
			child.elem = true
			parent.children = append(parent.children, child)
		}
	case gengo.KindSlice, gengo.KindArray:
		if child := b.build(inner, false); child != nil {
			child.index = true
			if ik, _ := gengo.Shape(inner); ik == gengo.KindPointer {
				child.elem = true
			}
			parent.children = append(parent.children, child)
		} else if member := b.populateDefault(nil, inner, b.typeComments(inner), gengo.PackagePath(inner)); member != nil {
			member.index = true
			parent.children = append(parent.children, member)
		}
	case gengo.KindMap:
		if child := b.build(inner, false); child != nil {
			child.key = true
			parent.children = append(parent.children, child)
		} else if member := b.populateDefault(nil, inner, b.typeComments(inner), gengo.PackagePath(inner)); member != nil {
			member.key = true
			parent.children = append(parent.children, member)
		}
	case gengo.KindStruct:
		st := t.Underlying().(*types.Struct)
		for i := range st.NumFields() {
			field := st.Field(i)
			name := field.Name()
			lines := b.st.comments.CommentLines(field.Pos())
			if child := b.build(field.Type(), false); child != nil {
				child.field = name
				b.populateDefault(child, field.Type(), lines, gengo.PackagePath(field.Type()))
				parent.children = append(parent.children, child)
			} else if member := b.populateDefault(nil, field.Type(), lines, gengo.PackagePath(t)); member != nil {
				member.field = name
				parent.children = append(parent.children, member)
			}
		}
	case gengo.KindAlias:
		if child := b.build(inner, false); child != nil {
			parent.children = append(parent.children, child)
		}
	}
	if len(parent.children) == 0 && len(parent.call) == 0 {
		return nil
	}
	return parent
}

// typeComments are the comment lines of a named type's declaration.
func (b *treeBuilder) typeComments(t types.Type) []model.CommentLine {
	obj := gengo.NamedObject(t)
	if obj == nil {
		return nil
	}
	return b.st.comments.CommentLines(obj.Pos())
}

var refPattern = regexp.MustCompile(`^ref\(([^"]+)\)$`)

// populateDefault is defaulter-gen's populateDefaultValue: it reads the
// +default= of a field (or of the type behind a pointer) into node, making
// a marker-only node when there is none.
func (b *treeBuilder) populateDefault(node *callNode, t types.Type, lines []model.CommentLine, commentPkg string) *callNode {
	values := model.TagValues(lines, markers.Default.Name)
	if len(values) > 1 {
		*b.errs = append(*b.errs, diag.Errorf(values[1].Pos, "more than one +default marker"))
		return node
	}
	var value model.CommentLine
	if len(values) == 1 {
		value = values[0]
	}
	base, depth := gengo.Resolve(t)
	if depth > 0 && value.Text == "" {
		value = b.nestedDefault(t)
	}
	if value.Text == "" {
		return node
	}
	var d defaultValue
	if m := refPattern.FindStringSubmatch(value.Text); m != nil {
		d.refPkg, d.ref = commentPkg, m[1]
		if dot := strings.LastIndexByte(m[1], '.'); dot >= 0 {
			d.refPkg, d.ref = m[1][:dot], m[1][dot+1:]
		}
	} else {
		var decoded any
		if err := json.Unmarshal([]byte(value.Text), &decoded); err != nil {
			*b.errs = append(*b.errs, diag.Errorf(value.Pos, markers.Default.Tag()+"=%s: not JSON and not ref(<constant>): %v", value.Text, err))
			return node
		}
		if decoded != nil && reflect.DeepEqual(decoded, gengo.ZeroValues[gengo.Key(t)]) {
			return node
		}
		d.inline = value.Text
	}
	if node == nil {
		node = &callNode{markerOnly: true}
	}
	_, node.defaultIsPrimitive = base.(*types.Basic)
	node.defaultType = base
	node.defaultTopLevel = t
	node.defaultValue = d
	return node
}

// nestedDefault is defaulter-gen's getNestedDefault: the +default= on the
// declaration of a type behind aliases and pointers.
func (b *treeBuilder) nestedDefault(t types.Type) model.CommentLine {
	for {
		if values := model.TagValues(b.typeComments(t), markers.Default.Name); len(values) == 1 && values[0].Text != "" {
			return values[0]
		}
		k, next := gengo.Shape(t)
		if k != gengo.KindAlias && k != gengo.KindPointer {
			return model.CommentLine{}
		}
		t = next
	}
}
