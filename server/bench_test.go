package server_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"

	widgetsv1 "github.com/metagen-dev/metagen/examples/widgets/v1"
	"github.com/metagen-dev/metagen/server"
)

var widgetsResource = schema.GroupVersionResource{Group: "widgets.example.com", Version: "v1", Resource: "widgets"}

// createNamespace creates namespace name, as a real server wants it before
// anything is created in it, and returns its name.
func createNamespace(tb testing.TB, s *server.Server, name string) string {
	tb.Helper()
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}
	if _, err := kubernetes.NewForConfigOrDie(s.RESTConfig()).CoreV1().Namespaces().Create(context.Background(), ns, metav1.CreateOptions{}); err != nil {
		tb.Fatalf("creating namespace %s: %v", name, err)
	}
	return name
}

func widgetsScheme(tb testing.TB) *runtime.Scheme {
	tb.Helper()
	scheme := runtime.NewScheme()
	if err := widgetsv1.AddToScheme(scheme); err != nil {
		tb.Fatal(err)
	}
	return scheme
}

// BenchmarkStartToReady measures Start until the server serves every
// resource it was given (Start returns then), and Stop.
func BenchmarkStartToReady(b *testing.B) {
	for _, variant := range []struct {
		name string
		opts func() server.Options
	}{
		{"scheme", func() server.Options { return server.Options{Scheme: widgetsScheme(b)} }},
		{"scheme-nowatchcache", func() server.Options { return server.Options{Scheme: widgetsScheme(b), NoWatchCache: true} }},
		{"crd", func() server.Options { return server.Options{CRDPaths: []string{"testdata/crds"}} }},
		{"crd-nowatchcache", func() server.Options { return server.Options{CRDPaths: []string{"testdata/crds"}, NoWatchCache: true} }},
	} {
		b.Run(variant.name, func(b *testing.B) {
			opts := variant.opts()
			for b.Loop() {
				s, err := server.Start(context.Background(), opts)
				if err != nil {
					b.Fatal(err)
				}
				if err := s.Stop(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFinalizerCycle measures create → add finalizer → delete → remove
// finalizer (the object is gone) cycles over HTTP with client-go.
func BenchmarkFinalizerCycle(b *testing.B) {
	for _, variant := range []struct {
		name string
		opts server.Options
	}{
		{"scheme", server.Options{Scheme: widgetsScheme(b)}},
		{"crd", server.Options{CRDPaths: []string{"testdata/crds"}}},
		{"crd-nowatchcache", server.Options{CRDPaths: []string{"testdata/crds"}, NoWatchCache: true}},
	} {
		b.Run(variant.name, func(b *testing.B) {
			s := server.StartForTest(b, variant.opts)
			widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(b, s, "bench"))
			ctx := context.Background()
			i := 0
			cpuBefore := processCPU()
			for b.Loop() {
				if err := finalizerCycle(ctx, widgets, fmt.Sprintf("w%d", i)); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cycles/s")
			// CPU per cycle (client and server, this process) does not depend on
			// what else the machine runs.
			b.ReportMetric(float64((processCPU()-cpuBefore).Microseconds())/float64(b.N), "cpu-µs/cycle")
		})
	}
}

// processCPU returns the user and system CPU time this process has used.
func processCPU() time.Duration {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		return 0
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
}

func finalizerCycle(ctx context.Context, widgets dynamic.ResourceInterface, name string) error {
	obj := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "widgets.example.com/v1", "kind": "Widget",
		"metadata": map[string]any{"name": name},
		"spec":     map[string]any{"color": "red"},
	}}
	if _, err := widgets.Create(ctx, obj, metav1.CreateOptions{}); err != nil {
		return err
	}
	if _, err := widgets.Patch(ctx, name, types.MergePatchType, []byte(`{"metadata":{"finalizers":["example.com/x"]}}`), metav1.PatchOptions{}); err != nil {
		return err
	}
	if err := widgets.Delete(ctx, name, metav1.DeleteOptions{}); err != nil {
		return err
	}
	_, err := widgets.Patch(ctx, name, types.MergePatchType, []byte(`{"metadata":{"finalizers":null}}`), metav1.PatchOptions{})
	return err
}

// BenchmarkFinalizerCycleParallel is BenchmarkFinalizerCycle with one client
// per GOMAXPROCS, for throughput.
func BenchmarkFinalizerCycleParallel(b *testing.B) {
	s := server.StartForTest(b, server.Options{Scheme: widgetsScheme(b)})
	widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(widgetsResource).Namespace(createNamespace(b, s, "bench"))
	var next atomic.Int64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := finalizerCycle(context.Background(), widgets, fmt.Sprintf("w%d", next.Add(1))); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cycles/s")
}
