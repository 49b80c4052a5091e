package cli

import (
	"bytes"
	"strings"
	"testing"
)

func TestHelpGeneratorsNamesWhatIsOutOfScope(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := help([]string{"generators"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"go-to-protobuf", "protoc", "prerelease-lifecycle"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("help generators does not mention %q:\n%s", want, stdout.String())
		}
	}
}
