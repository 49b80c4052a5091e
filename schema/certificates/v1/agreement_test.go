package certificatesv1_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
	"github.com/metagen-dev/metagen/hack/e2e/pcr"
	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

// TestAgreementWithServerTable runs the validation over the requests of
// hack/e2e/pcr, the §5.4/§5.5 table verified against kube-apiserver 1.37.2,
// and compares the answers: no errors for 2xx, the exact causes for 422.
func TestAgreementWithServerTable(t *testing.T) {
	fixture, err := pcr.NewFixture(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	resource := fixture.Resource()
	cases, agree := 0, 0
	for _, flow := range fixture.Table() {
		sim := &simulator{resource: resource, now: fixture.Now, name: flow.ID}
		for i, step := range flow.Steps {
			cases++
			got, err := sim.do(step.Do)
			if err != nil {
				t.Errorf("%s step %d: %v", flow.ID, i, err)
				continue
			}
			if diff := compareWant(step.Want, got); diff != "" {
				t.Errorf("%s step %d (%s %s): %s", flow.ID, i, step.Do.Method, step.Do.Subresource, diff)
				continue
			}
			agree++
		}
	}
	fmt.Printf("pcr: cases=%d agree=%d (steps of %d flows)\n", cases, agree, len(fixture.Table()))
}

// simulator plays a flow's requests the way the server's strategy does:
// defaulting and PrepareForCreate on POST, spec and metadata from the stored
// object on /status writes.
type simulator struct {
	resource flows.Resource
	now      time.Time
	name     string
	stored   *certificatesv1.PodCertificateRequest
}

func (s *simulator) do(req flows.Request) (field.ErrorList, error) {
	switch {
	case req.Method == "POST":
		return s.create(req.Overlay)
	case req.Subresource == "status" && (req.Method == "PUT" || req.Method == "PATCH"):
		return s.writeStatus(req.Overlay)
	}
	return nil, fmt.Errorf("request %s %s is not simulated", req.Method, req.Subresource)
}

func (s *simulator) create(overlay string) (field.ErrorList, error) {
	body, err := s.resource.NewObject(map[string]any{"name": objectName(s.name), "namespace": "default"}, overlay)
	if err != nil {
		return nil, err
	}
	obj := &certificatesv1.PodCertificateRequest{}
	if err := json.Unmarshal(body, obj); err != nil {
		return nil, err
	}
	if obj.Spec.MaxExpirationSeconds == nil { // v1 defaulting
		obj.Spec.MaxExpirationSeconds = ptr(int32(86400))
	}
	obj.Status = certificatesv1.PodCertificateRequestStatus{}
	errs := pcrvalidation.ValidateCreate(obj)
	if len(errs) == 0 {
		// The fields the store sets on create.
		obj.ResourceVersion, obj.UID = "1", "uid-1"
		obj.CreationTimestamp = metav1.NewTime(s.now)
		s.stored = obj
	}
	return errs, nil
}

// writeStatus merges overlay into the stored object, as both a PUT of the
// last object seen with the overlay and a merge patch do.
func (s *simulator) writeStatus(overlay string) (field.ErrorList, error) {
	if s.stored == nil {
		return nil, fmt.Errorf("status write before a create")
	}
	obj, err := mergeInto(s.stored, overlay)
	if err != nil {
		return nil, err
	}
	obj.Spec = s.stored.Spec
	obj.ObjectMeta = s.stored.ObjectMeta
	errs := pcrvalidation.ValidateStatusUpdate(obj, s.stored, s.now)
	if len(errs) == 0 {
		s.stored = obj
	}
	return errs, nil
}

func mergeInto(base *certificatesv1.PodCertificateRequest, overlay string) (*certificatesv1.PodCertificateRequest, error) {
	raw, err := json.Marshal(base)
	if err != nil {
		return nil, err
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	if overlay != "" {
		var patch any
		if err := json.Unmarshal([]byte(overlay), &patch); err != nil {
			return nil, err
		}
		doc = mergePatch(doc, patch)
	}
	if raw, err = json.Marshal(doc); err != nil {
		return nil, err
	}
	obj := &certificatesv1.PodCertificateRequest{}
	return obj, json.Unmarshal(raw, obj)
}

// mergePatch applies an RFC 7386 merge patch.
func mergePatch(doc, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	d, ok := doc.(map[string]any)
	if !ok {
		d = map[string]any{}
	}
	for k, v := range p {
		if v == nil {
			delete(d, k)
		} else {
			d[k] = mergePatch(d[k], v)
		}
	}
	return d
}

// compareWant says how got differs from the table's answer.
func compareWant(want flows.Want, got field.ErrorList) string {
	if want.Code != 422 {
		if len(got) != 0 {
			return fmt.Sprintf("want %d, got errors %v", want.Code, got)
		}
		return ""
	}
	var causes []flows.Cause
	for _, e := range got {
		causes = append(causes, flows.Cause{Reason: string(e.Type), Field: e.Field, Message: e.ErrorBody()})
	}
	wantJSON, _ := json.Marshal(want.Causes)
	gotJSON, _ := json.Marshal(causes)
	if string(wantJSON) != string(gotJSON) {
		return fmt.Sprintf("causes differ:\nwant %s\n got %s", wantJSON, gotJSON)
	}
	return ""
}

// objectName is the runner's name for a flow: "S1+S2" becomes "s1-s2".
func objectName(id string) string {
	return strings.Map(func(c rune) rune {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			return c
		case c >= 'A' && c <= 'Z':
			return c - 'A' + 'a'
		}
		return '-'
	}, id)
}

func ptr[T any](v T) *T { return &v }
