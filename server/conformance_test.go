package server_test

import (
	"fmt"
	"os"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/server"
	"github.com/metagen-dev/metagen/server/conformance"
)

// The conformance table runs against the Widget served two ways: from the
// CRD (apiextensions' handler, as a real cluster serves it) and from the Go
// types in a scheme. Both must answer as kube-apiserver answers for the CRD,
// with the watch cache (the default) and without.

// startBoth runs test on a server started with opts, with and without the
// watch cache.
func startBoth(t *testing.T, opts server.Options, test func(t *testing.T, s *server.Server)) {
	for _, noWatchCache := range []bool{false, true} {
		t.Run(fmt.Sprintf("noWatchCache=%v", noWatchCache), func(t *testing.T) {
			opts.NoWatchCache = noWatchCache
			test(t, server.StartForTest(t, opts))
		})
	}
}

func TestConformanceCRD(t *testing.T) {
	startBoth(t, server.Options{CRDPaths: []string{"testdata/crds"}}, func(t *testing.T, s *server.Server) {
		target := conformance.WidgetTarget()
		conformance.Run(t, s.RESTConfig(), target, conformance.Cases(target), conformance.Options{})
	})
}

// Without validation of its own, a Go type is served like its CRD.
func TestConformanceTypedWithoutValidation(t *testing.T) {
	scheme := runtime.NewScheme()
	scheme.AddKnownTypes(widgetsv1.SchemeGroupVersion, &widgetsv1.Widget{}, &widgetsv1.WidgetList{})
	metav1.AddToGroupVersion(scheme, widgetsv1.SchemeGroupVersion)
	startBoth(t, server.Options{Scheme: scheme}, func(t *testing.T, s *server.Server) {
		target := conformance.WidgetTarget()
		conformance.Run(t, s.RESTConfig(), target, conformance.Cases(target), conformance.Options{})
	})
}

// With its generated validation (built-in metadata rules), the Widget answers
// as a built-in type would.
func TestConformanceTypedGeneratedValidation(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := widgetsv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	startBoth(t, server.Options{Scheme: scheme}, func(t *testing.T, s *server.Server) {
		target := conformance.WidgetTarget()
		target.BuiltIn = true
		conformance.Run(t, s.RESTConfig(), target, conformance.Cases(target), conformance.Options{})
	})
}

// A Go type can be served with graceful deletion, as pods are; the §3.3
// cases hold for it.
func TestConformanceGracefulDeletion(t *testing.T) {
	scheme := widgetsScheme(t)
	grace := int64(30)
	opts := server.Options{Scheme: scheme, Resources: []server.Resource{{
		Kind: widgetsv1.SchemeGroupVersion.WithKind("Widget"), GracePeriodSeconds: &grace,
	}}}
	startBoth(t, opts, func(t *testing.T, s *server.Server) {
		target := conformance.WidgetTarget()
		target.BuiltIn = true
		conformance.Run(t, s.RESTConfig(), target, conformance.GracefulCases(target), conformance.Options{})
	})
}

// The CRD metagen generates for the example (examples/widgets/config) is
// served and answers like the hand-written one.
func TestConformanceGeneratedCRD(t *testing.T) {
	const generated = "../examples/widgets/config/crd"
	if _, err := os.Stat(generated); err != nil {
		t.Skipf("no generated CRD: %v", err)
	}
	startBoth(t, server.Options{CRDPaths: []string{generated}}, func(t *testing.T, s *server.Server) {
		target := conformance.WidgetTarget()
		conformance.Run(t, s.RESTConfig(), target, conformance.Cases(target), conformance.Options{})
	})
}
