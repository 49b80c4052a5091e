package gatewaycorpus

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apiextensionsv1client "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/typed/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
)

// StoredRefused prefixes the answer of an update whose stored object the
// server refuses to create (the update is then not sent).
const StoredRefused = "the stored object is refused: "

// Refused is the answer to an update whose stored object is refused with
// answer a.
func Refused(a Answer) Answer {
	a.Message = StoredRefused + a.Message
	return a
}

// Objects decodes a case's object and stored object.
func (c Case) Objects() (obj, old *unstructured.Unstructured, err error) {
	obj = &unstructured.Unstructured{}
	if err := json.Unmarshal(c.Object, &obj.Object); err != nil {
		return nil, nil, fmt.Errorf("%s: object: %w", c.Name, err)
	}
	if len(c.Old) > 0 {
		old = &unstructured.Unstructured{}
		if err := json.Unmarshal(c.Old, &old.Object); err != nil {
			return nil, nil, fmt.Errorf("%s: old object: %w", c.Name, err)
		}
	}
	return obj, old, nil
}

func resourceFor(client dynamic.Interface, resources map[string]Resource, u *unstructured.Unstructured) (dynamic.ResourceInterface, error) {
	r, ok := resources[u.GetKind()]
	if !ok {
		return nil, fmt.Errorf("no resource for kind %q", u.GetKind())
	}
	if r.Namespaced {
		return client.Resource(r.GroupVersionResource).Namespace(u.GetNamespace()), nil
	}
	return client.Resource(r.GroupVersionResource), nil
}

// A Client is a dynamic client that keeps the warnings of its last request.
type Client struct {
	dynamic.Interface
	mu       sync.Mutex
	warnings []string
}

// NewClient is a Client of the server of cfg.
func NewClient(cfg *rest.Config) (*Client, error) {
	c := &Client{}
	cfg = rest.CopyConfig(cfg)
	cfg.WarningHandler = c
	cfg.QPS, cfg.Burst = -1, 0 // no client-side rate limit
	d, err := dynamic.NewForConfig(cfg)
	c.Interface = d
	return c, err
}

// HandleWarningHeader implements rest.WarningHandler.
func (c *Client) HandleWarningHeader(code int, agent, text string) {
	if code != 299 || text == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.warnings = append(c.warnings, text)
}

// takeWarnings returns the warnings since the last call.
func (c *Client) takeWarnings() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	w := c.warnings
	c.warnings = nil
	return w
}

// Send sends the write of c to the server of client and returns its
// answer, with the warnings of the write itself. A create is sent with dryRun=All. An update creates its stored
// object (a seeded one exists already: Seed), sends the update with
// dryRun=All and the stored object's resourceVersion and uid, and deletes
// the stored object it created.
func Send(ctx context.Context, client *Client, resources map[string]Resource, c Case) (Answer, error) {
	obj, old, err := c.Objects()
	if err != nil {
		return Answer{}, err
	}
	r, err := resourceFor(client, resources, obj)
	if err != nil {
		return Answer{}, err
	}
	dryRun := []string{metav1.DryRunAll}
	answer := func(err error) Answer {
		a := AnswerOf(err)
		a.Warnings = client.takeWarnings()
		return a
	}
	if old == nil {
		client.takeWarnings()
		_, err := r.Create(ctx, obj, metav1.CreateOptions{DryRun: dryRun})
		return answer(err), nil
	}
	var stored *unstructured.Unstructured
	if c.Seeded {
		if stored, err = r.Get(ctx, old.GetName(), metav1.GetOptions{}); err != nil {
			return Answer{}, fmt.Errorf("%s: the seeded object: %w", c.Name, err)
		}
	} else {
		if stored, err = r.Create(ctx, old, metav1.CreateOptions{}); err != nil {
			return Refused(answer(err)), nil
		}
		defer func() { _ = r.Delete(context.WithoutCancel(ctx), stored.GetName(), metav1.DeleteOptions{}) }()
	}
	obj.SetResourceVersion(stored.GetResourceVersion())
	obj.SetUID(stored.GetUID())
	client.takeWarnings()
	_, err = r.Update(ctx, obj, metav1.UpdateOptions{DryRun: dryRun})
	return answer(err), nil
}

// Seed stores the old objects of the seeded cases (each once), replacing
// any of the same name.
func Seed(ctx context.Context, client dynamic.Interface, resources map[string]Resource, cases []Case) error {
	done := map[string]bool{}
	for _, c := range cases {
		if !c.Seeded || done[string(c.Old)] {
			continue
		}
		done[string(c.Old)] = true
		_, old, err := c.Objects()
		if err != nil {
			return err
		}
		r, err := resourceFor(client, resources, old)
		if err != nil {
			return err
		}
		_ = r.Delete(ctx, old.GetName(), metav1.DeleteOptions{})
		err = wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
			_, err := r.Create(ctx, old, metav1.CreateOptions{})
			return err == nil, nil
		})
		if err != nil {
			_, err = r.Create(ctx, old, metav1.CreateOptions{})
			return fmt.Errorf("%s: seeding the stored object: %w", c.Name, err)
		}
	}
	return nil
}

// CreateOrReplaceCRD creates crd, or replaces the CRD of its name, retrying
// while the server is not ready for it; an Invalid answer ends it.
func CreateOrReplaceCRD(ctx context.Context, client apiextensionsv1client.CustomResourceDefinitionInterface, crd *apiextensionsv1.CustomResourceDefinition) error {
	var last error
	err := wait.PollUntilContextTimeout(ctx, 200*time.Millisecond, 60*time.Second, true, func(ctx context.Context) (bool, error) {
		current, err := client.Get(ctx, crd.Name, metav1.GetOptions{})
		switch {
		case apierrors.IsNotFound(err):
			_, err = client.Create(ctx, crd, metav1.CreateOptions{})
		case err == nil:
			update := crd.DeepCopy()
			update.ResourceVersion = current.ResourceVersion
			_, err = client.Update(ctx, update, metav1.UpdateOptions{})
		}
		last = err
		return err == nil || apierrors.IsInvalid(err), nil
	})
	if err == nil {
		err = last
	}
	if err != nil {
		return fmt.Errorf("applying %s: %w", crd.Name, err)
	}
	return nil
}

// probeField is the field the probes carry: Permissive CRDs keep unknown
// fields under spec, the CRDs metagen writes do not, so a strict dry-run
// create of an object with it says which of the two a kind is served with.
const probeField = "corpusProbe"

// ApplyCRDs creates or replaces the CRDs on the server of cfg and waits
// until each kind is served with them (permissive: the Permissive
// variants): a strict dry-run create of probe objects (one object of each
// kind, from cases) with an unknown spec field is accepted only by
// permissive CRDs.
func ApplyCRDs(ctx context.Context, cfg *rest.Config, crds []*apiextensionsv1.CustomResourceDefinition, permissive bool, cases []Case) error {
	client := apiextensionsclient.NewForConfigOrDie(cfg).ApiextensionsV1().CustomResourceDefinitions()
	for _, crd := range crds {
		if permissive {
			crd = Permissive(crd)
			for i := range crd.Spec.Versions {
				spec := crd.Spec.Versions[i].Schema.OpenAPIV3Schema.Properties["spec"]
				spec.XPreserveUnknownFields = new(true)
				crd.Spec.Versions[i].Schema.OpenAPIV3Schema.Properties["spec"] = spec
			}
		}
		if err := CreateOrReplaceCRD(ctx, client, crd); err != nil {
			return err
		}
	}
	dyn := dynamic.NewForConfigOrDie(cfg)
	resources := Resources(crds)
	probed := map[string]bool{}
	for _, c := range cases {
		obj, _, err := c.Objects()
		if err != nil {
			return err
		}
		if c.Op != "create" || probed[obj.GetKind()] {
			continue
		}
		probed[obj.GetKind()] = true
		obj.SetName("corpus-probe")
		if err := unstructured.SetNestedField(obj.Object, "x", "spec", probeField); err != nil {
			return err
		}
		r, err := resourceFor(dyn, resources, obj)
		if err != nil {
			return err
		}
		var last error
		err = wait.PollUntilContextTimeout(ctx, 200*time.Millisecond, 60*time.Second, true, func(ctx context.Context) (bool, error) {
			_, last = r.Create(ctx, obj, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}, FieldValidation: "Strict"})
			if permissive {
				return last == nil, nil
			}
			return apierrors.IsBadRequest(last), nil
		})
		if err != nil {
			return fmt.Errorf("%s: the served schema did not become the applied one (permissive: %v): %v", obj.GetKind(), permissive, last)
		}
	}
	return nil
}
