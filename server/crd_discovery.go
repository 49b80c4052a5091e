package server

import (
	"sort"

	apiextensionshelpers "k8s.io/apiextensions-apiserver/pkg/apihelpers"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	informers "k8s.io/apiextensions-apiserver/pkg/client/informers/externalversions/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/version"
	"k8s.io/apiserver/pkg/endpoints/discovery"
	"k8s.io/client-go/tools/cache"
)

// watchCRDGroups keeps the groups of established CRDs in the /apis group
// list. In kube-apiserver the aggregator lists them; this server has no
// aggregator, so it adds them to the front server's group list itself, with
// versions ordered as apiextensions' discovery controller orders them.
func watchCRDGroups(crds informers.CustomResourceDefinitionInformer, groups discovery.GroupManager) {
	sync := func(obj interface{}) {
		if tombstone, ok := obj.(cache.DeletedFinalStateUnknown); ok {
			obj = tombstone.Obj
		}
		if crd, ok := obj.(*apiextensionsv1.CustomResourceDefinition); ok {
			syncCRDGroup(crd.Spec.Group, crds, groups)
		}
	}
	_, _ = crds.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    sync,
		UpdateFunc: func(_, obj interface{}) { sync(obj) },
		DeleteFunc: sync,
	})
}

// syncCRDGroup sets the discovery entry of group from the established CRDs.
func syncCRDGroup(group string, crds informers.CustomResourceDefinitionInformer, groups discovery.GroupManager) {
	all, err := crds.Lister().List(labels.Everything())
	if err != nil {
		return
	}
	seen := map[string]bool{}
	var versions []metav1.GroupVersionForDiscovery
	for _, crd := range all {
		if crd.Spec.Group != group || !apiextensionshelpers.IsCRDConditionTrue(crd, apiextensionsv1.Established) {
			continue
		}
		for _, v := range crd.Spec.Versions {
			if v.Served && !seen[v.Name] {
				seen[v.Name] = true
				versions = append(versions, metav1.GroupVersionForDiscovery{GroupVersion: group + "/" + v.Name, Version: v.Name})
			}
		}
	}
	if len(versions) == 0 {
		groups.RemoveGroup(group)
		return
	}
	sort.Slice(versions, func(i, j int) bool {
		return version.CompareKubeAwareVersionStrings(versions[i].Version, versions[j].Version) > 0
	})
	groups.AddGroup(metav1.APIGroup{Name: group, Versions: versions, PreferredVersion: versions[0]})
}
