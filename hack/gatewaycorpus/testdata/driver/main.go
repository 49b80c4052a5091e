// Command driver answers each case of a gateway-api corpus recording
// through metagen's Go side, for TestGatewayAPICorpus: it is built in the
// temporary module gatewaycorpus.Prepare makes (gateway-api's apis/v1 with
// the code metagen generated), where the Go types are.
//
//	driver RECORDING CRD-DIR
//
// It prints one JSON line per case: the case's name and the answers of
// (go) the scheme's validation as the server prepares the write
// (metagentest.Validate), (fake) the generated fake clientset, and (server)
// metagen's in-process server serving the Go types (none for a seeded
// case: it cannot store an object its rules refuse).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/client-go/kubernetes"
	clienttesting "k8s.io/client-go/testing"
	"k8s.io/klog/v2"

	"github.com/metagen-dev/metagen/hack/gatewaycorpus"
	"github.com/metagen-dev/metagen/metagentest"
	"github.com/metagen-dev/metagen/server"

	"sigs.k8s.io/gateway-api/apis/client/clientset/fake"
	gatewayv1 "sigs.k8s.io/gateway-api/apis/v1"
)

type line struct {
	Name string `json:"name"`
	// Typed says how the object differs once decoded into its Go type and
	// converted back (a field the type cannot hold absent, or "" that
	// omitempty drops), each "path: sent -> typed"; none when it does not.
	Typed  []string              `json:"typed,omitempty"`
	Go     gatewaycorpus.Answer  `json:"go"`
	Fake   gatewaycorpus.Answer  `json:"fake"`
	Server *gatewaycorpus.Answer `json:"server,omitempty"`
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: driver RECORDING CRD-DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "driver:", err)
		os.Exit(1)
	}
}

func run(recordingPath, crdDir string) error {
	klog.SetOutput(os.Stderr)
	recording, err := gatewaycorpus.Read(recordingPath)
	if err != nil {
		return err
	}
	crds, err := gatewaycorpus.CRDs(crdDir)
	if err != nil {
		return err
	}
	resources := gatewaycorpus.Resources(crds)
	scheme := runtime.NewScheme()
	if err := gatewayv1.AddToScheme(scheme); err != nil {
		return err
	}

	ctx := context.Background()
	srv, err := server.Start(ctx, server.Options{Scheme: scheme, ResourceCRDPaths: []string{filepath.Clean(crdDir)}})
	if err != nil {
		return err
	}
	defer srv.Stop()
	cfg := srv.RESTConfig()
	_, err = kubernetes.NewForConfigOrDie(cfg).CoreV1().Namespaces().Create(ctx,
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: gatewaycorpus.Namespace}}, metav1.CreateOptions{})
	if err != nil {
		return err
	}
	client, err := gatewaycorpus.NewClient(cfg)
	if err != nil {
		return err
	}

	out := json.NewEncoder(os.Stdout)
	for _, c := range recording.Cases {
		l := line{Name: c.Name, Typed: typedDiff(scheme, c.Object), Go: goAnswer(scheme, c), Fake: fakeAnswer(scheme, resources, c)}
		if !c.Seeded {
			a, err := gatewaycorpus.Send(ctx, client, resources, c)
			if err != nil {
				return err
			}
			l.Server = &a
		}
		if err := out.Encode(l); err != nil {
			return err
		}
	}
	return nil
}

// goAnswer is the scheme's validation of the write as the server prepares
// it, put as kube-apiserver answers: 422 Invalid with a cause per error.
// An update that is not seeded first creates its stored object.
func goAnswer(scheme *runtime.Scheme, c gatewaycorpus.Case) gatewaycorpus.Answer {
	validate := func(rc metagentest.RuleCase) (gatewaycorpus.Answer, bool) {
		errs, err := metagentest.Validate(scheme, rc)
		if err != nil {
			return gatewaycorpus.Answer{Message: "decode: " + err.Error()}, false
		}
		if len(errs) == 0 {
			return gatewaycorpus.Answer{Accepted: true}, true
		}
		obj, _, err := serializer.NewCodecFactory(scheme).UniversalDeserializer().Decode([]byte(rc.YAML), nil, nil)
		if err != nil {
			return gatewaycorpus.Answer{Message: "decode: " + err.Error()}, false
		}
		kinds, _, _ := scheme.ObjectKinds(obj)
		name := obj.(metav1.Object).GetName()
		return gatewaycorpus.AnswerOf(apierrors.NewInvalid(kinds[0].GroupKind(), name, errs)), false
	}
	if c.Op == "create" {
		a, _ := validate(metagentest.RuleCase{Name: c.Name, YAML: string(c.Object)})
		return a
	}
	if !c.Seeded {
		if a, ok := validate(metagentest.RuleCase{Name: c.Name, YAML: string(c.Old)}); !ok {
			return gatewaycorpus.Refused(a)
		}
	}
	a, _ := validate(metagentest.RuleCase{Name: c.Name, YAML: string(c.Object), OldYAML: string(c.Old)})
	return a
}

// fakeAnswer sends the write to the generated fake clientset (validation
// on, as generated): a create, or an update of the stored object (created
// through the fake, or, seeded, added to its tracker unvalidated).
func fakeAnswer(scheme *runtime.Scheme, resources map[string]gatewaycorpus.Resource, c gatewaycorpus.Case) gatewaycorpus.Answer {
	decode := func(data []byte) (runtime.Object, error) {
		obj, _, err := serializer.NewCodecFactory(scheme).UniversalDeserializer().Decode(data, nil, nil)
		return obj, err
	}
	obj, err := decode(c.Object)
	if err != nil {
		return gatewaycorpus.Answer{Message: "decode: " + err.Error()}
	}
	kinds, _, _ := scheme.ObjectKinds(obj)
	r := resources[kinds[0].Kind]
	ns := obj.(metav1.Object).GetNamespace()
	cs := fake.NewClientset()
	if c.Op == "update" {
		old, err := decode(c.Old)
		if err != nil {
			return gatewaycorpus.Answer{Message: "decode: " + err.Error()}
		}
		if c.Seeded {
			// Added as NewClientset(old) would: client-go's tracker files it
			// under the resource it guesses from the kind ("gatewaies" for a
			// Gateway), where the generated fake's plural tracker sends the
			// clientset's writes to "gateways" too.
			if err := cs.Tracker().Add(old); err != nil {
				return gatewaycorpus.Answer{Message: "tracker: " + err.Error()}
			}
		} else if _, err := cs.Invokes(clienttesting.NewCreateAction(r.GroupVersionResource, ns, old), nil); err != nil {
			return gatewaycorpus.Refused(gatewaycorpus.AnswerOf(err))
		}
		_, err = cs.Invokes(clienttesting.NewUpdateAction(r.GroupVersionResource, ns, obj), nil)
		return gatewaycorpus.AnswerOf(err)
	}
	_, err = cs.Invokes(clienttesting.NewCreateAction(r.GroupVersionResource, ns, obj), nil)
	return gatewaycorpus.AnswerOf(err)
}

// typedDiff lists how the object as sent differs from the object its Go
// type holds (decoded, converted back to JSON values).
func typedDiff(scheme *runtime.Scheme, data []byte) []string {
	var sent map[string]any
	if err := json.Unmarshal(data, &sent); err != nil {
		return []string{err.Error()}
	}
	obj, _, err := serializer.NewCodecFactory(scheme).UniversalDeserializer().Decode(data, nil, nil)
	if err != nil {
		return []string{err.Error()}
	}
	typed, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return []string{err.Error()}
	}
	delete(typed, "status")
	delete(sent, "status")
	if m, ok := typed["metadata"].(map[string]any); ok {
		delete(m, "creationTimestamp")
	}
	var out []string
	var walk func(path string, a, b any)
	show := func(v any) string {
		if v == nil {
			return "absent"
		}
		data, _ := json.Marshal(v)
		return string(data)
	}
	walk = func(path string, a, b any) {
		am, aok := a.(map[string]any)
		bm, bok := b.(map[string]any)
		if aok && bok {
			keys := map[string]bool{}
			for k := range am {
				keys[k] = true
			}
			for k := range bm {
				keys[k] = true
			}
			sorted := make([]string, 0, len(keys))
			for k := range keys {
				sorted = append(sorted, k)
			}
			sort.Strings(sorted)
			for _, k := range sorted {
				walk(path+"."+k, am[k], bm[k])
			}
			return
		}
		al, aok := a.([]any)
		bl, bok := b.([]any)
		if aok && bok && len(al) == len(bl) {
			for i := range al {
				walk(fmt.Sprintf("%s[%d]", path, i), al[i], bl[i])
			}
			return
		}
		if show(a) != show(b) {
			out = append(out, strings.TrimPrefix(path, ".")+": "+show(a)+" -> "+show(b))
		}
	}
	walk("", sent, typed)
	return out
}
