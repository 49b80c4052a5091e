package namespace

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

// loopbackUserAgent is the user agent of kube-apiserver's loopback client,
// whose first part names the field manager of what it writes.
const loopbackUserAgent = "kube-apiserver/v1.37.2 (linux/amd64) kubernetes/metagen"

// CreateSystemNamespaces creates kube-system, kube-public, kube-node-lease
// and default as kube-apiserver's controllers do at startup: through the
// loopback client, so they are managed by "kube-apiserver".
func CreateSystemNamespaces(ctx context.Context, loopback *rest.Config) error {
	config := rest.CopyConfig(loopback)
	config.UserAgent = loopbackUserAgent
	client, err := kubernetes.NewForConfig(config)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	errs := make([]error, len(systemNamespaces))
	var wg sync.WaitGroup
	for i, name := range systemNamespaces {
		wg.Go(func() {
			ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}
			if _, err := client.CoreV1().Namespaces().Create(ctx, ns, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
				errs[i] = fmt.Errorf("creating namespace %s: %w", name, err)
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
