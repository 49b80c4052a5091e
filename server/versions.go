package server

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/conversion"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/version"
)

// A kind of the scheme registered in several versions of its group is served
// in all of them, as kube-apiserver serves a CRD with several versions (or a
// built-in type): one resource, one store, one storage version.
//
// The registry handles every object in the storage version's Go type, which
// the serving scheme also registers as the kind's internal ("hub") version: a
// request in another version is decoded (and defaulted) in its own type and
// converted to the storage type, and a response, list or watch event is
// converted back to the version of the request. Validation registered for
// a version's type runs on the object converted to the version of the
// request, as kube-apiserver runs declarative validation.
//
// Conversion between a version and the storage version is, in order of
// preference:
//
//  1. the scheme's own: scheme.Convert works between the two types both
//     ways (AddConversionFunc, generated conversion functions);
//  2. through the scheme's internal version of the kind, when the scheme
//     converts both types to and from it (kube-apiserver's hub and spokes);
//  3. controller-runtime's conversion.Hub and conversion.Convertible
//     methods (Hub() on one version's type, ConvertTo and ConvertFrom on the
//     others'), as the conversion webhook controller-runtime serves would;
//  4. otherwise the CRD conversion strategy None: only apiVersion changes.
//     The object goes through its JSON form, so a field that exists in only
//     one of the two versions is pruned on the way through, as apiextensions
//     prunes it with the target version's schema: written in a version that
//     has it, it is not stored unless the storage version has it too, and it
//     is not shown in a version without it. Where the two types give one
//     JSON field different types (a string in one, an integer in the other),
//     kube-apiserver would store and return the value unchanged, which a Go
//     type cannot hold: Start refuses such a pair and asks for a conversion.

// storageVersions sets the storage version of every resource: the version
// marked with Resource.StorageVersion, else the first version of the group
// in the scheme's priority (scheme.PrioritizedVersionsForGroup:
// SetVersionPriority's order if the scheme has one, else the order in which
// the versions were added to it) that serves the kind.
func storageVersions(scheme *runtime.Scheme, resources []typedResource, marked map[schema.GroupKind]string) {
	served := map[schema.GroupVersionKind]bool{}
	for _, r := range resources {
		served[r.kind] = true
	}
	for i := range resources {
		r := &resources[i]
		gk := r.kind.GroupKind()
		if v, ok := marked[gk]; ok {
			r.storageVersion = v
			continue
		}
		for _, gv := range scheme.PrioritizedVersionsForGroup(gk.Group) {
			if served[gv.WithKind(gk.Kind)] {
				r.storageVersion = gv.Version
				break
			}
		}
	}
}

// kubeAwareVersions sorts versions as kube-apiserver orders those of a CRD
// group in discovery, the preferred one first: GA before beta before alpha,
// then by major and minor number (v2, v1, v1beta2, v1beta1, v1alpha1).
func kubeAwareVersions(versions []string) {
	sort.SliceStable(versions, func(i, j int) bool {
		return version.CompareKubeAwareVersionStrings(versions[i], versions[j]) > 0
	})
}

// convertFunc converts in (a pointer to one version's type) into out (a new
// object of the other's).
type convertFunc func(in, out interface{}) error

// conversions returns how objects of a kind convert from version v to the
// storage version s and back, as described above, or an error when neither
// a conversion nor the strategy None fits them. all are the kind's served
// versions (one of them may be a controller-runtime hub).
func conversions(user *runtime.Scheme, v, s schema.GroupVersionKind, all []schema.GroupVersionKind) (toStorage, fromStorage convertFunc, err error) {
	vObj, err := user.New(v)
	if err != nil {
		return nil, nil, err
	}
	sObj, err := user.New(s)
	if err != nil {
		return nil, nil, err
	}
	schemeConvert := func(in, out interface{}) error { return user.Convert(in, out, nil) }

	forward, back := schemeConverts(user, vObj, sObj), schemeConverts(user, sObj, vObj)
	if forward && back {
		return schemeConvert, schemeConvert, nil
	}
	if forward || back {
		from, to := v, s
		if back {
			from, to = s, v
		}
		return nil, nil, fmt.Errorf("%s: the scheme converts %s to %s but not back", kindName(s), from.Version, to.Version)
	}

	if internal := s.GroupKind().WithVersion(runtime.APIVersionInternal); user.Recognizes(internal) {
		hub, err := user.New(internal)
		if err == nil && schemeConverts(user, vObj, hub) && schemeConverts(user, hub, sObj) &&
			schemeConverts(user, sObj, hub) && schemeConverts(user, hub, vObj) {
			via := func(in, out interface{}) error {
				mid, _ := user.New(internal)
				if err := user.Convert(in, mid, nil); err != nil {
					return err
				}
				return user.Convert(mid, out, nil)
			}
			return via, via, nil
		}
	}

	if via, ok := convertibleConversion(user, vObj, sObj, all); ok {
		return via, via, nil
	}

	if c := jsonConflict(reflect.TypeOf(vObj), reflect.TypeOf(sObj)); c != nil {
		return nil, nil, fmt.Errorf("%s: the scheme has no conversion between %s and the storage version %s, and their JSON disagrees at %s: %s in %s, %s in %s; "+
			"register conversion functions (scheme.AddConversionFunc or generated ones) or controller-runtime's Hub and Convertible methods",
			kindName(s), v.Version, s.Version, c.path, c.a, v.Version, c.b, s.Version)
	}
	return convertNone, convertNone, nil
}

func kindName(gvk schema.GroupVersionKind) string { return gvk.Kind + "." + gvk.Group }

// schemeConverts reports whether scheme.Convert has a conversion from in's
// type to out's (it may still fail on a given object). It tries one on
// empty objects: a function that fails or panics on those exists.
func schemeConverts(scheme *runtime.Scheme, in, out runtime.Object) (exists bool) {
	defer func() {
		if recover() != nil {
			exists = true
		}
	}()
	err := scheme.Convert(in.DeepCopyObject(), out.DeepCopyObject(), nil)
	return err == nil || !strings.Contains(err.Error(), "unknown conversion")
}

// convertNone is the CRD conversion strategy None between two Go types:
// the JSON form of in, without apiVersion and kind, decoded into out. What
// out has no field for is dropped.
func convertNone(in, out interface{}) error {
	content, err := runtime.DefaultUnstructuredConverter.ToUnstructured(in)
	if err != nil {
		return err
	}
	delete(content, "apiVersion")
	delete(content, "kind")
	return runtime.DefaultUnstructuredConverter.FromUnstructured(content, out)
}

// convertibleConversion converts with controller-runtime's conversion
// methods, found by name so that nothing here imports controller-runtime:
// exactly one version's type is the hub (a Hub() method), and each of v and
// s is either the hub or convertible to and from it (ConvertTo(hub) error,
// ConvertFrom(hub) error).
func convertibleConversion(user *runtime.Scheme, v, s runtime.Object, all []schema.GroupVersionKind) (convertFunc, bool) {
	var hubs []reflect.Type
	for _, gvk := range all {
		if obj, err := user.New(gvk); err == nil && isHub(reflect.TypeOf(obj)) && !containsType(hubs, reflect.TypeOf(obj)) {
			hubs = append(hubs, reflect.TypeOf(obj))
		}
	}
	if len(hubs) != 1 {
		return nil, false
	}
	hub := hubs[0]
	for _, obj := range []runtime.Object{v, s} {
		if reflect.TypeOf(obj) != hub && !isConvertible(reflect.TypeOf(obj), hub) {
			return nil, false
		}
	}
	return func(in, out interface{}) error {
		switch {
		case reflect.TypeOf(in) == hub:
			return callConversion(out, "ConvertFrom", in)
		case reflect.TypeOf(out) == hub:
			return callConversion(in, "ConvertTo", out)
		}
		mid := reflect.New(hub.Elem()).Interface()
		if err := callConversion(in, "ConvertTo", mid); err != nil {
			return err
		}
		return callConversion(out, "ConvertFrom", mid)
	}, true
}

var errorType = reflect.TypeFor[error]()

// isHub reports whether t has controller-runtime's Hub() marker method.
func isHub(t reflect.Type) bool {
	m, ok := t.MethodByName("Hub")
	return ok && m.Type.NumIn() == 1 && m.Type.NumOut() == 0
}

// isConvertible reports whether t has ConvertTo and ConvertFrom methods that
// take hub and return an error.
func isConvertible(t, hub reflect.Type) bool {
	for _, name := range []string{"ConvertTo", "ConvertFrom"} {
		m, ok := t.MethodByName(name)
		if !ok || m.Type.NumIn() != 2 || m.Type.NumOut() != 1 || m.Type.Out(0) != errorType || !hub.AssignableTo(m.Type.In(1)) {
			return false
		}
	}
	return true
}

func callConversion(receiver interface{}, method string, arg interface{}) error {
	out := reflect.ValueOf(receiver).MethodByName(method).Call([]reflect.Value{reflect.ValueOf(arg)})
	err, _ := out[0].Interface().(error)
	return err
}

func containsType(types []reflect.Type, t reflect.Type) bool {
	for _, u := range types {
		if u == t {
			return true
		}
	}
	return false
}

// addVersionConversions registers, in the serving scheme, the conversions of
// a kind and its list between version v and the storage version s.
func addVersionConversions(serving *runtime.Scheme, v, s schema.GroupVersionKind, toStorage, fromStorage convertFunc) error {
	pairs := []struct {
		from, to schema.GroupVersionKind
		convert  convertFunc
	}{{v, s, toStorage}, {s, v, fromStorage}}
	for _, p := range pairs {
		in, err := serving.New(p.from)
		if err != nil {
			return err
		}
		out, err := serving.New(p.to)
		if err != nil {
			return err
		}
		if err := serving.AddConversionFunc(in, out, adapt(p.convert)); err != nil {
			return err
		}
		listFrom, listTo := listKind(p.from), listKind(p.to)
		inList, err := serving.New(listFrom)
		if err != nil {
			return err
		}
		outList, err := serving.New(listTo)
		if err != nil {
			return err
		}
		if err := serving.AddConversionFunc(inList, outList, listConversion(p.convert, p.to)); err != nil {
			return err
		}
	}
	return nil
}

func listKind(gvk schema.GroupVersionKind) schema.GroupVersionKind {
	return gvk.GroupVersion().WithKind(gvk.Kind + "List")
}

func adapt(convert convertFunc) conversion.ConversionFunc {
	return func(in, out interface{}, _ conversion.Scope) error { return convert(in, out) }
}

// listConversion converts a list item by item, keeping its ListMeta. Items
// that carry their apiVersion and kind get those of itemKind.
func listConversion(convert convertFunc, itemKind schema.GroupVersionKind) conversion.ConversionFunc {
	return func(in, out interface{}, _ conversion.Scope) error {
		src, dst := reflect.ValueOf(in).Elem(), reflect.ValueOf(out).Elem()
		listMeta := reflect.TypeFor[metav1.ListMeta]()
		for i := range src.NumField() {
			if src.Type().Field(i).Type == listMeta {
				if j := fieldOfType(dst.Type(), listMeta); j >= 0 {
					dst.Field(j).Set(src.Field(i))
				}
			}
		}
		srcItems, dstItems := jsonFieldIndex(src.Type(), "items"), jsonFieldIndex(dst.Type(), "items")
		if srcItems < 0 || dstItems < 0 {
			return fmt.Errorf("%T or %T has no items", in, out)
		}
		items := src.Field(srcItems)
		if items.IsNil() {
			dst.Field(dstItems).Set(reflect.Zero(dst.Field(dstItems).Type()))
			return nil
		}
		converted := reflect.MakeSlice(dst.Field(dstItems).Type(), items.Len(), items.Len())
		for i := range items.Len() {
			item, target := items.Index(i), converted.Index(i)
			if item.Kind() == reflect.Pointer {
				if item.IsNil() {
					continue
				}
				target.Set(reflect.New(target.Type().Elem()))
			} else {
				item, target = item.Addr(), target.Addr()
			}
			if err := convert(item.Interface(), target.Interface()); err != nil {
				return err
			}
			srcObj, ok1 := item.Interface().(runtime.Object)
			dstObj, ok2 := target.Interface().(runtime.Object)
			if ok1 && ok2 && !srcObj.GetObjectKind().GroupVersionKind().Empty() {
				dstObj.GetObjectKind().SetGroupVersionKind(itemKind)
			}
		}
		dst.Field(dstItems).Set(converted)
		return nil
	}
}

func fieldOfType(t, field reflect.Type) int {
	for i := range t.NumField() {
		if t.Field(i).Type == field {
			return i
		}
	}
	return -1
}

// jsonDisagreement is where the JSON forms of two types give one field
// different types.
type jsonDisagreement struct {
	path string
	a, b string // the JSON type in each
}

// jsonConflict returns the first place (in field order) where a value of
// type a, in JSON, cannot be decoded into type b or back because the two
// give one field different JSON types; fields only one of them has do not
// count. Types with their own JSON encoding (metav1.Time,
// resource.Quantity, …) agree only with themselves.
func jsonConflict(a, b reflect.Type) *jsonDisagreement {
	return jsonConflictAt(a, b, "", map[[2]reflect.Type]bool{})
}

func jsonConflictAt(a, b reflect.Type, path string, seen map[[2]reflect.Type]bool) *jsonDisagreement {
	for a.Kind() == reflect.Pointer {
		a = a.Elem()
	}
	for b.Kind() == reflect.Pointer {
		b = b.Elem()
	}
	if a == b || seen[[2]reflect.Type{a, b}] {
		return nil
	}
	seen[[2]reflect.Type{a, b}] = true
	ka, kb := jsonType(a), jsonType(b)
	if ka != kb {
		return &jsonDisagreement{path: displayPath(path), a: ka, b: kb}
	}
	switch ka {
	case "array":
		return jsonConflictAt(a.Elem(), b.Elem(), path+"[*]", seen)
	case "map":
		return jsonConflictAt(a.Elem(), b.Elem(), path+"[*]", seen)
	case "object":
		fa, fb := jsonFields(a), jsonFields(b)
		names := make([]string, 0, len(fa))
		for name := range fa {
			if _, ok := fb[name]; ok {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			if c := jsonConflictAt(fa[name], fb[name], path+"."+name, seen); c != nil {
				return c
			}
		}
	}
	return nil
}

func displayPath(path string) string {
	if path == "" {
		return "the object"
	}
	return strings.TrimPrefix(path, ".")
}

var (
	jsonMarshaler   = reflect.TypeFor[json.Marshaler]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textMarshaler   = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// jsonType names the JSON form of t (not a pointer).
func jsonType(t reflect.Type) string {
	for _, iface := range []reflect.Type{jsonMarshaler, jsonUnmarshaler, textMarshaler, textUnmarshaler} {
		if t.Implements(iface) || reflect.PointerTo(t).Implements(iface) {
			return t.String() + " (its own JSON form)"
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return "string" // base64
		}
		return "array"
	case reflect.Map:
		return "map"
	case reflect.Struct:
		return "object"
	case reflect.Interface:
		return "any value"
	}
	return t.String()
}

// jsonFields returns the fields of struct t by JSON name, with embedded
// structs without a name inlined, as encoding/json reads them.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name := strings.Split(tag, ",")[0]
		if f.Anonymous && name == "" {
			embedded := f.Type
			if embedded.Kind() == reflect.Pointer {
				embedded = embedded.Elem()
			}
			if embedded.Kind() == reflect.Struct {
				for n, ft := range jsonFields(embedded) {
					if _, ok := out[n]; !ok {
						out[n] = ft
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}
