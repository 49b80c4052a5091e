// +metagen:crd-dir=crds
package withoutgroup
