package certificatesv1_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
	"github.com/metagen-dev/metagen/hack/e2e/pcr"
)

// TestAgreementWithServerTable runs the validation over the requests of
// hack/e2e/pcr, the §5.4/§5.5 table verified against kube-apiserver 1.37.2,
// and compares the answers: no errors for 2xx, the exact causes for 422.
// The requests are played as the server's strategy would (pcr.Simulate);
// hack/e2e's pcr suite also compares the same simulation with the real
// server's answers, request by request.
func TestAgreementWithServerTable(t *testing.T) {
	fixture, err := pcr.NewFixture(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	cases, agree := 0, 0
	for _, flow := range fixture.Table() {
		got, err := fixture.Simulate(flow)
		if err != nil {
			t.Error(err)
			continue
		}
		for i, step := range flow.Steps {
			cases++
			if diff := compareWant(step.Want, got[i]); diff != "" {
				t.Errorf("%s step %d (%s %s): %s", flow.ID, i, step.Do.Method, step.Do.Subresource, diff)
				continue
			}
			agree++
		}
	}
	fmt.Printf("pcr: cases=%d agree=%d (steps of %d flows)\n", cases, agree, len(fixture.Table()))
}

// compareWant says how got differs from the table's answer.
func compareWant(want flows.Want, got field.ErrorList) string {
	if want.Code != 422 {
		if len(got) != 0 {
			return fmt.Sprintf("want %d, got errors %v", want.Code, got)
		}
		return ""
	}
	wantJSON, _ := json.Marshal(want.Causes)
	gotJSON, _ := json.Marshal(pcr.Causes(got))
	if string(wantJSON) != string(gotJSON) {
		return fmt.Sprintf("causes differ:\nwant %s\n got %s", wantJSON, gotJSON)
	}
	return ""
}

func ptr[T any](v T) *T { return &v }
