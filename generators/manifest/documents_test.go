package manifest

import (
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestDocumentsMatchSigsYAML: Documents' own YAML path (go-yaml on the
// decoded map) writes what sigs.k8s.io/yaml's Marshal, controller-gen's
// WriteYAML, writes, for integers, floats, strings that look like other
// types, nulls and nesting; and creationTimestamp is dropped.
func TestDocumentsMatchSigsYAML(t *testing.T) {
	type inner struct {
		Port    int32    `json:"port"`
		Ratio   float64  `json:"ratio,omitempty"`
		Tags    []string `json:"tags"`
		Nothing *string  `json:"nothing"`
	}
	type object struct {
		Metadata map[string]any `json:"metadata"`
		Name     string         `json:"name"`
		Quoted   []string       `json:"quoted"`
		Count    int64          `json:"count"`
		Items    []inner        `json:"items"`
	}
	objects := []object{
		{Metadata: map[string]any{"name": "a", "creationTimestamp": nil}, Name: "plain", Quoted: []string{"true", "1", "", "null", "a: b", "- x", "ünïcode"},
			Count: 1 << 40, Items: []inner{{Port: 443, Tags: []string{"*"}}, {Port: -1}}},
		{Metadata: map[string]any{"name": "b"}, Name: "with a float", Items: []inner{{Port: 9443, Ratio: 0.25}, {Ratio: 1e21}}},
	}
	for _, o := range objects {
		got, err := Documents("# head\n", o)
		if err != nil {
			t.Fatal(err)
		}
		want, err := yaml.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		want = []byte("# head\n---\n" + string(want))
		want = []byte(strings.Replace(string(want), "  creationTimestamp: null\n", "", 1))
		if string(got) != string(want) {
			t.Errorf("Documents(%s):\n%s\nsigs.k8s.io/yaml:\n%s", o.Name, got, want)
		}
	}
}
