package server

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	apiextensionshelpers "k8s.io/apiextensions-apiserver/pkg/apihelpers"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/yaml"
)

// InstallCRDs creates the CRDs through the API and waits until their
// custom resources are served and listed in discovery.
func (s *Server) InstallCRDs(ctx context.Context, crds ...*apiextensionsv1.CustomResourceDefinition) error {
	if len(crds) == 0 {
		return nil
	}
	config := s.RESTConfig()
	client, err := apiextensionsclient.NewForConfig(config)
	if err != nil {
		return err
	}
	for _, crd := range crds {
		if _, err := client.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, crd.DeepCopy(), metav1.CreateOptions{}); err != nil {
			return fmt.Errorf("creating CRD %s: %w", crd.Name, err)
		}
	}
	disco, err := discovery.NewDiscoveryClientForConfig(config)
	if err != nil {
		return err
	}
	dyn, err := dynamic.NewForConfig(config)
	if err != nil {
		return err
	}
	for _, crd := range crds {
		if err := waitUntilServed(ctx, crd, disco, dyn); err != nil {
			return fmt.Errorf("CRD %s: %w", crd.Name, err)
		}
		if err := s.backdateEstablished(ctx, client, crd.Name); err != nil {
			return fmt.Errorf("CRD %s: %w", crd.Name, err)
		}
	}
	return nil
}

// justEstablishedDelay is how long kube-apiserver's custom-resource handler
// holds creates after a CRD is established (customresource_handler.go:
// "justCreated ... time.Sleep(2 * time.Second)").
const justEstablishedDelay = 2 * time.Second

// backdateEstablished moves the Established condition of a CRD installed at
// start two seconds into the past. kube-apiserver sleeps two seconds in the
// first creates after a CRD is established (for HA servers that have not
// seen it yet); CRDs a server starts with should not make every test wait.
// CRDs created through the API later keep the real behaviour.
func (s *Server) backdateEstablished(ctx context.Context, client apiextensionsclient.Interface, name string) error {
	crds := client.ApiextensionsV1().CustomResourceDefinitions()
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		crd, err := crds.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		established := apiextensionshelpers.FindCRDCondition(crd, apiextensionsv1.Established)
		if established == nil {
			return fmt.Errorf("not established")
		}
		established.LastTransitionTime = metav1.NewTime(established.LastTransitionTime.Add(-justEstablishedDelay - time.Second))
		_, err = crds.UpdateStatus(ctx, crd, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		return err
	}
	lister := s.apis.extensions.Informers.Apiextensions().V1().CustomResourceDefinitions().Lister()
	return wait.PollUntilContextTimeout(ctx, time.Millisecond, 30*time.Second, true, func(context.Context) (bool, error) {
		crd, err := lister.Get(name)
		if err != nil {
			return false, nil
		}
		established := apiextensionshelpers.FindCRDCondition(crd, apiextensionsv1.Established)
		return established != nil && time.Since(established.LastTransitionTime.Time) >= justEstablishedDelay, nil
	})
}

// waitUntilServed polls until every served version of crd answers a list and
// appears in the group list and in its version's resource list.
func waitUntilServed(ctx context.Context, crd *apiextensionsv1.CustomResourceDefinition, disco discovery.DiscoveryInterface, dyn dynamic.Interface) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for _, v := range crd.Spec.Versions {
		if !v.Served {
			continue
		}
		gvr := schema.GroupVersionResource{Group: crd.Spec.Group, Version: v.Name, Resource: crd.Spec.Names.Plural}
		err := wait.PollUntilContextCancel(ctx, time.Millisecond, true, func(ctx context.Context) (bool, error) {
			return resourceServed(ctx, gvr, disco, dyn), nil
		})
		if err != nil {
			return fmt.Errorf("version %s not served: %w", v.Name, err)
		}
	}
	return nil
}

func resourceServed(ctx context.Context, gvr schema.GroupVersionResource, disco discovery.DiscoveryInterface, dyn dynamic.Interface) bool {
	if _, err := dyn.Resource(gvr).List(ctx, metav1.ListOptions{Limit: 1}); err != nil {
		return false
	}
	resources, err := disco.ServerResourcesForGroupVersion(gvr.GroupVersion().String())
	if err != nil || !slices.ContainsFunc(resources.APIResources, func(r metav1.APIResource) bool { return r.Name == gvr.Resource }) {
		return false
	}
	var groups metav1.APIGroupList
	if err := disco.RESTClient().Get().AbsPath("/apis").Do(ctx).Into(&groups); err != nil {
		return false
	}
	if !slices.ContainsFunc(groups.Groups, func(g metav1.APIGroup) bool { return g.Name == gvr.Group }) {
		return false
	}
	// Its schema is in /openapi/v3, for kubectl's validation and explain
	// (asked for alone: the discovery document would build every other).
	err = disco.RESTClient().Get().AbsPath("/openapi/v3/apis", gvr.Group, gvr.Version).Do(ctx).Error()
	return err == nil
}

// loadCRDs reads every CRD manifest in paths (files, or directories read
// recursively for *.yaml, *.yml and *.json).
func loadCRDs(paths []string) ([]*apiextensionsv1.CustomResourceDefinition, error) {
	var crds []*apiextensionsv1.CustomResourceDefinition
	for _, root := range paths {
		err := filepath.WalkDir(root, func(path string, entry fs.DirEntry, err error) error {
			if err != nil || entry.IsDir() || (path != root && !manifestFile(path)) {
				return err
			}
			found, err := readCRDs(path)
			crds = append(crds, found...)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return crds, nil
}

func manifestFile(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".yaml", ".yml", ".json":
		return true
	}
	return false
}

// readCRDs decodes the CRDs of one file; documents of other kinds are an
// error, empty documents are skipped.
func readCRDs(path string) ([]*apiextensionsv1.CustomResourceDefinition, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	reader := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	var crds []*apiextensionsv1.CustomResourceDefinition
	for {
		doc, err := reader.Read()
		if errors.Is(err, io.EOF) {
			return crds, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if len(bytes.TrimSpace(doc)) == 0 {
			continue
		}
		crd, err := decodeCRD(doc)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if crd != nil {
			crds = append(crds, crd)
		}
	}
}

// decodeCRD decodes one document: a CRD, or nil for an empty document.
func decodeCRD(doc []byte) (*apiextensionsv1.CustomResourceDefinition, error) {
	var typeMeta metav1.TypeMeta
	if err := yaml.Unmarshal(doc, &typeMeta); err != nil {
		return nil, err
	}
	if typeMeta.Kind == "" && typeMeta.APIVersion == "" {
		return nil, nil
	}
	if typeMeta.APIVersion != apiextensionsv1.SchemeGroupVersion.String() || typeMeta.Kind != "CustomResourceDefinition" {
		return nil, fmt.Errorf("not an %s CustomResourceDefinition: %s %s", apiextensionsv1.SchemeGroupVersion, typeMeta.APIVersion, typeMeta.Kind)
	}
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(doc, crd); err != nil {
		return nil, err
	}
	return crd, nil
}
