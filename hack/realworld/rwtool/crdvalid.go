package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
)

// rejectedCRDs are the CRDs of a directory that kube-apiserver's own
// validation of a CustomResourceDefinition (apiextensions-apiserver v0.37.2,
// as on create) rejects, by name, with the first reason.
func rejectedCRDs(crds map[string]map[string]any) (map[string]string, error) {
	out := map[string]string{}
	for name, object := range crds {
		data, err := json.Marshal(object)
		if err != nil {
			return nil, err
		}
		var v1 apiextensionsv1.CustomResourceDefinition
		if err := json.Unmarshal(data, &v1); err != nil {
			out[name] = "not a CustomResourceDefinition: " + err.Error()
			continue
		}
		apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(&v1)
		var internal apiextensions.CustomResourceDefinition
		if err := apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(&v1, &internal, nil); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if errs := validation.ValidateCustomResourceDefinition(context.Background(), &internal); len(errs) > 0 {
			out[name] = fmt.Sprintf("%s (%d problems)", errs[0].Error(), len(errs))
		}
	}
	return out, nil
}

func sortedNames(m map[string]string) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
