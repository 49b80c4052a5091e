package markers

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// ParseValue reads what controller-tools reads for +kubebuilder:default and
// +kubebuilder:example, and JSON.
func TestParseValue(t *testing.T) {
	for text, want := range map[string]any{
		`Frigate`:                      "Frigate",
		`"720h"`:                       "720h",
		"`a,b`":                        "a,b",
		`1Gi`:                          "1Gi",
		`2024-01-15`:                   "2024-01-15",
		`3`:                            3.0,
		`-1.5`:                         -1.5,
		`true`:                         true,
		`trueish`:                      "trueish",
		`{}`:                           map[string]any{},
		`{"cpu":"1","memory":"1Gi"}`:   map[string]any{"cpu": "1", "memory": "1Gi"},
		`{start: 8, end: 18}`:          map[string]any{"start": 8.0, "end": 18.0},
		`{policy: "delete", keep: {}}`: map[string]any{"policy": "delete", "keep": map[string]any{}},
		`{"alpha","beta"}`:             []any{"alpha", "beta"},
		`{alpha, beta}`:                []any{"alpha", "beta"},
		`{1,2,3}`:                      []any{1.0, 2.0, 3.0},
		`{{1,2},{3}}`:                  []any{[]any{1.0, 2.0}, []any{3.0}},
		`a;b;c`:                        []any{"a", "b", "c"},
		`[1,2]`:                        []any{1.0, 2.0},
	} {
		got, err := ParseValue(text)
		if err != nil {
			t.Errorf("ParseValue(%s): %v", text, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("ParseValue(%s) = %#v, want %#v", text, got, want)
		}
	}
}

func TestParseValueRefusesWhatItWouldDrop(t *testing.T) {
	for _, text := range []string{`a,b`, `{a: 1`, `{1, x}`, `{a: x;y}`} {
		if got, err := ParseValue(text); err == nil {
			t.Errorf("ParseValue(%s) = %#v, want an error", text, got)
		}
	}
}

func TestControllerToolsLists(t *testing.T) {
	for text, want := range map[string][]string{
		"{cert-manager,cert-manager-acme}": {"cert-manager", "cert-manager-acme"},
		"a;b":                              {"a", "b"},
		"a":                                {"a"},
		`{"a b",c}`:                        {"a b", "c"},
	} {
		got, err := ListValue(text)
		if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("ListValue(%q) = %q, %v; want %q", text, got, err, want)
		}
	}
	got, err := AnyList("{MayStopSearch,TryNextFlavor,Borrow}")
	if err != nil || fmt.Sprint(got) != "[MayStopSearch TryNextFlavor Borrow]" {
		t.Errorf("AnyList = %v, %v", got, err)
	}
	got, err = AnyList(`1;"2";x`)
	if err != nil || len(got) != 3 || fmt.Sprintf("%T %T %T", got[0], got[1], got[2]) != "int string string" {
		t.Errorf("AnyList(1;\"2\";x) = %#v, %v", got, err)
	}
}

// TestArgumentMarkersDecodeAsControllerTools: a marker with arguments
// read outside controller-tools' path (parseTyped) is decoded by
// controller-tools' parser into its type, then checked.
func TestArgumentMarkersDecodeAsControllerTools(t *testing.T) {
	xv := Marker{Def: KBValidationXValidation.Def, Name: KBValidationXValidation.Name, Args: "rule=\"self.a > 0, really\",message=``,optionalOldSelf=true"}
	got, err := parseTyped(xv)
	rule, ok := got.(XValidation)
	if err != nil || !ok || rule.Rule != "self.a > 0, really" || rule.Message == nil || *rule.Message != "" || rule.OptionalOldSelf == nil || !*rule.OptionalOldSelf || rule.Reason != nil {
		t.Errorf("XValidation = %#v, %v", got, err)
	}
	for _, bad := range []string{`message="m"`, `rule="r",reason=Bogus`, `rule="r",colour=1`} {
		xv.Args = bad
		if got, err := parseTyped(xv); err == nil {
			t.Errorf("XValidation %s accepted: %#v", bad, got)
		}
	}
	docs := Marker{Def: KBExternalDocs.Def, Name: KBExternalDocs.Name, Args: `url="https://example.com/a,b",description=Docs`}
	got, err = parseTyped(docs)
	if err != nil || got != (ExternalDocs{URL: "https://example.com/a,b", Description: "Docs"}) {
		t.Errorf("ExternalDocs = %#v, %v", got, err)
	}
	docs.Args = `description=Docs`
	if got, err := parseTyped(docs); err == nil {
		t.Errorf("ExternalDocs without url accepted: %#v", got)
	}
}
