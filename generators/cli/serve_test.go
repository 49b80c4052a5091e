package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/metagen-dev/metagen/generators/servecmd"
)

// metagen serve installs the CRDs, writes a kubeconfig clients can use, and
// stops when interrupted.
func TestServe(t *testing.T) {
	kubeconfig := filepath.Join(t.TempDir(), "kubeconfig")
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr bytes.Buffer
	done := make(chan int)
	go func() {
		done <- servecmd.ServeUntil(ctx, []string{"--crds", "../../server/testdata/crds", "--kubeconfig", kubeconfig}, &stdout, &stderr)
	}()
	config := waitForKubeconfig(t, kubeconfig, done, &stderr)
	client, err := dynamic.NewForConfig(config)
	if err != nil {
		t.Fatal(err)
	}
	widgets := schema.GroupVersionResource{Group: "widgets.example.com", Version: "v1", Resource: "widgets"}
	if _, err := client.Resource(widgets).Namespace("default").List(ctx, metav1.ListOptions{}); err != nil {
		t.Fatalf("listing widgets through the kubeconfig: %v", err)
	}
	cancel()
	if code := <-done; code != exitOK {
		t.Fatalf("exit code %d, stderr: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "serving the API at https://127.0.0.1:") {
		t.Errorf("stdout %q does not say where the API is", stdout.String())
	}
}

func waitForKubeconfig(t *testing.T, path string, done <-chan int, stderr *bytes.Buffer) *rest.Config {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		select {
		case code := <-done:
			t.Fatalf("serve exited with %d: %s", code, stderr.String())
		default:
		}
		if _, err := os.Stat(path); err == nil {
			config, err := clientcmd.BuildConfigFromFlags("", path)
			if err != nil {
				t.Fatal(err)
			}
			return config
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("no kubeconfig written")
	return nil
}

func TestServeRejectsArguments(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := servecmd.ServeUntil(context.Background(), []string{"extra"}, &stdout, &stderr); code != exitError {
		t.Fatalf("exit code %d, want %d", code, exitError)
	}
}

// serve listens on loopback only unless told otherwise, and then warns.
func TestServeNonLoopbackAddress(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := servecmd.ServeUntil(context.Background(), []string{"--addr", "0.0.0.0:0"}, &stdout, &stderr); code != exitError {
		t.Fatalf("--addr 0.0.0.0:0: exit code %d, want %d", code, exitError)
	}
	if !strings.Contains(stderr.String(), "--bind-all-interfaces") {
		t.Errorf("the refusal %q does not name --bind-all-interfaces", stderr.String())
	}

	kubeconfig := filepath.Join(t.TempDir(), "kubeconfig")
	ctx, cancel := context.WithCancel(context.Background())
	stdout.Reset()
	stderr.Reset()
	done := make(chan int)
	go func() {
		done <- servecmd.ServeUntil(ctx, []string{"--addr", "0.0.0.0:0", "--bind-all-interfaces", "--kubeconfig", kubeconfig}, &stdout, &stderr)
	}()
	waitForKubeconfig(t, kubeconfig, done, &stderr)
	cancel()
	if code := <-done; code != exitOK {
		t.Fatalf("exit code %d, stderr: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "warning: listening on") {
		t.Errorf("stderr %q has no warning about the address", stderr.String())
	}
}
