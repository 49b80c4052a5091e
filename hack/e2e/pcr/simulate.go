package pcr

import (
	"encoding/json"
	"fmt"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

// Simulate plays the requests of flow through schema/certificates/v1 alone,
// the way the server's strategy does (defaulting and PrepareForCreate on
// POST, spec and metadata from the stored object on /status writes), with
// f.Now as the server clock. It returns the validation errors of each step:
// none where the server should answer 2xx. Signer authorization is not
// validation and is not simulated: the flows run as a user who may sign.
func (f *Fixture) Simulate(flow flows.Flow) ([]field.ErrorList, error) {
	sim := &simulator{resource: f.Resource(), now: f.Now, name: flow.ID}
	var out []field.ErrorList
	for i, step := range flow.Steps {
		errs, err := sim.do(step.Do)
		if err != nil {
			return nil, fmt.Errorf("%s step %d: %w", flow.ID, i+1, err)
		}
		out = append(out, errs)
	}
	return out, nil
}

// CompareValidation says how errs, the simulated validation of a request,
// differs from the server's answer got: a 2xx when errs is empty, else a 422
// with exactly errs as its causes, in order. It is empty when they agree.
func CompareValidation(errs field.ErrorList, got flows.Observation) string {
	if len(errs) == 0 {
		if got.Code < 200 || got.Code > 299 {
			return fmt.Sprintf("validation passes, the server answered %d %s: %s %v", got.Code, got.Reason, got.Message, got.Causes)
		}
		return ""
	}
	want := Causes(errs)
	wantJSON, _ := json.Marshal(want)
	gotJSON, _ := json.Marshal(got.Causes)
	if got.Code != 422 || string(wantJSON) != string(gotJSON) {
		return fmt.Sprintf("validation: 422 with causes %s\n    server: %d with causes %s", wantJSON, got.Code, gotJSON)
	}
	return ""
}

// Causes renders errs as a 422's causes.
func Causes(errs field.ErrorList) []flows.Cause { return fieldCauses(errs) }

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
	body, err := s.resource.NewObject(map[string]any{"name": flows.ObjectName(s.name), "namespace": "default"}, overlay)
	if err != nil {
		return nil, err
	}
	obj := &certificatesv1.PodCertificateRequest{}
	if err := json.Unmarshal(body, obj); err != nil {
		return nil, err
	}
	pcrvalidation.SetDefaults(obj)
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
	raw, err := json.Marshal(s.stored)
	if err != nil {
		return nil, err
	}
	var base map[string]any
	if err := json.Unmarshal(raw, &base); err != nil {
		return nil, err
	}
	merged, err := flows.MergeJSON(base, overlay)
	if err != nil {
		return nil, err
	}
	obj := &certificatesv1.PodCertificateRequest{}
	if err := json.Unmarshal(merged, obj); err != nil {
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
