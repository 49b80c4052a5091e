package memstore

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"reflect"
	"strings"
	"sync"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/conversion"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/storage"
)

// Errors from etcd3's error translation (k8s.io/apiserver/pkg/storage/etcd3/errors.go),
// word for word.
const (
	listExpired     = "The resourceVersion for the provided list is too old."
	watchExpired    = "The resourceVersion for the provided watch is too old."
	continueExpired = "The provided continue parameter is too old " +
		"to display a consistent list result. You can start a new list without " +
		"the continue parameter."
	inconsistentContinue = "The provided continue parameter is too old " +
		"to display a consistent list result. You can start a new list without " +
		"the continue parameter, or use the continue token in this response to " +
		"retrieve the remainder of the results. Continuing with the provided " +
		"token results in an inconsistent list - objects that were created, " +
		"modified, or deleted between the time the first chunk was returned " +
		"and now may show up in the list."
)

// Config describes one resource's storage.
type Config struct {
	// Codec encodes objects for storage and decodes them back.
	Codec runtime.Codec
	// Prefix is the storage prefix shared by all resources ("/registry").
	Prefix string
	// ResourcePrefix is the resource's own prefix ("/widgets.example.com/widgets").
	ResourcePrefix string
	// GroupResource names the resource in errors.
	GroupResource schema.GroupResource
	// NewFunc and NewListFunc make empty objects and lists of the resource.
	NewFunc, NewListFunc func() runtime.Object
}

// Store is the storage.Interface of one resource over a shared Backend.
type Store struct {
	backend        *Backend
	codec          runtime.Codec
	versioner      storage.Versioner
	pathPrefix     string
	resourcePrefix string
	groupResource  schema.GroupResource
	newFunc        func() runtime.Object
	newListFunc    func() runtime.Object
	decoded        sync.Map // key → decodedObject: the last version this store decoded
}

var _ storage.Interface = (*Store)(nil)

// decodedObject is a decoded version of a key, kept so that reading an
// unchanged object again is a deep copy instead of a decode.
type decodedObject struct {
	modRev int64
	obj    runtime.Object
}

// NewStore returns the storage of one resource.
func NewStore(backend *Backend, config Config) (*Store, error) {
	if config.ResourcePrefix == "" || config.ResourcePrefix == "/" || !strings.HasPrefix(config.ResourcePrefix, "/") {
		return nil, fmt.Errorf("resource prefix %q must start with / and name something", config.ResourcePrefix)
	}
	pathPrefix := path.Join("/", config.Prefix)
	if !strings.HasSuffix(pathPrefix, "/") {
		pathPrefix += "/"
	}
	return &Store{
		backend:        backend,
		codec:          config.Codec,
		versioner:      storage.APIObjectVersioner{},
		pathPrefix:     pathPrefix,
		resourcePrefix: config.ResourcePrefix,
		groupResource:  config.GroupResource,
		newFunc:        config.NewFunc,
		newListFunc:    config.NewListFunc,
	}, nil
}

// Versioner implements storage.Interface.
func (s *Store) Versioner() storage.Versioner { return s.versioner }

// prepareKey turns a registry key into a backend key, as etcd3 does.
func (s *Store) prepareKey(key string, recursive bool) (string, error) {
	key, err := storage.PrepareKey(s.resourcePrefix, key, recursive)
	if err != nil {
		return "", err
	}
	return s.pathPrefix + strings.TrimPrefix(key, "/"), nil
}

// decode decodes data into out and stamps it with rev.
func (s *Store) decode(data []byte, out runtime.Object, rev int64) error {
	if _, err := conversion.EnforcePtr(out); err != nil {
		return fmt.Errorf("unable to convert output object to pointer: %v", err)
	}
	if _, _, err := s.codec.Decode(data, nil, out); err != nil {
		return err
	}
	return s.versioner.UpdateObject(out, uint64(rev))
}

// decodeKey is decode for the version of key at modRev: a deep copy of the
// last decoded one when out is of the same type and asks for nothing else
// (an unstructured out may name a version to convert to), else a decode
// that is remembered.
func (s *Store) decodeKey(key string, data []byte, out runtime.Object, modRev int64) error {
	if cached, ok := s.decoded.Load(key); ok {
		d := cached.(decodedObject)
		if d.modRev == modRev && sameShape(d.obj, out) {
			reflect.ValueOf(out).Elem().Set(reflect.ValueOf(d.obj.DeepCopyObject()).Elem())
			return nil
		}
	}
	if err := s.decode(data, out, modRev); err != nil {
		return err
	}
	s.decoded.Store(key, decodedObject{modRev: modRev, obj: out.DeepCopyObject()})
	return nil
}

// decodedCopy returns a deep copy of the decoded version of key at modRev
// when this store holds it with the given Go type and kind, else nil.
func (s *Store) decodedCopy(key string, modRev int64, goType reflect.Type, gvk schema.GroupVersionKind) runtime.Object {
	cached, ok := s.decoded.Load(key)
	if !ok {
		return nil
	}
	d := cached.(decodedObject)
	if d.modRev != modRev || reflect.TypeOf(d.obj) != goType || d.obj.GetObjectKind().GroupVersionKind() != gvk {
		return nil
	}
	return d.obj.DeepCopyObject()
}

// sameShape reports whether decoding into out would give what was decoded
// into cached: same Go type and, for unstructured objects, the same
// requested group, version and kind.
func sameShape(cached, out runtime.Object) bool {
	if reflect.TypeOf(cached) != reflect.TypeOf(out) {
		return false
	}
	u, ok := out.(*unstructured.Unstructured)
	if !ok {
		return true
	}
	requested := u.GroupVersionKind()
	return requested.Empty() || requested == cached.GetObjectKind().GroupVersionKind()
}

// Create implements storage.Interface.
func (s *Store) Create(ctx context.Context, key string, obj, out runtime.Object, ttl uint64) error {
	key, err := s.prepareKey(key, false)
	if err != nil {
		return err
	}
	if version, err := s.versioner.ObjectResourceVersion(obj); err == nil && version != 0 {
		return storage.ErrResourceVersionSetOnCreate
	}
	if err := s.versioner.PrepareObjectForStorage(obj); err != nil {
		return fmt.Errorf("PrepareObjectForStorage failed: %v", err)
	}
	data, err := runtime.Encode(s.codec, obj)
	if err != nil {
		return err
	}
	rev, _, _, ok := s.backend.put(key, data, 0)
	if !ok {
		return storage.NewKeyExistsError(key, 0)
	}
	if out == nil {
		return nil
	}
	return s.decodeKey(key, data, out, rev)
}

// Get implements storage.Interface.
func (s *Store) Get(ctx context.Context, key string, opts storage.GetOptions, out runtime.Object) error {
	key, err := s.prepareKey(key, false)
	if err != nil {
		return err
	}
	kv, ok, rev := s.backend.get(key)
	if err := s.validateMinimumResourceVersion(opts.ResourceVersion, uint64(rev)); err != nil {
		return err
	}
	if !ok {
		if opts.IgnoreNotFound {
			return runtime.SetZeroValue(out)
		}
		return storage.NewKeyNotFoundError(key, 0)
	}
	return s.decodeKey(key, kv.value, out, kv.modRev)
}

// validateMinimumResourceVersion rejects a resourceVersion newer than the
// store, as etcd3 does.
func (s *Store) validateMinimumResourceVersion(minimum string, actual uint64) error {
	if minimum == "" {
		return nil
	}
	minimumRV, err := s.versioner.ParseResourceVersion(minimum)
	if err != nil {
		return apierrors.NewBadRequest(fmt.Sprintf("invalid resource version: %v", err))
	}
	if minimumRV > actual {
		return storage.NewTooLargeResourceVersionError(minimumRV, actual, 0)
	}
	return nil
}

// state is one read of a key: the decoded object and what it was read from.
type state struct {
	obj  runtime.Object
	rev  int64
	data []byte
}

// currentState reads key, decoding into a new object of out's type.
func (s *Store) currentState(key string, out reflect.Value, ignoreNotFound bool) (*state, error) {
	kv, ok, _ := s.backend.get(key)
	st := &state{obj: newLike(out)}
	if !ok {
		if !ignoreNotFound {
			return nil, storage.NewKeyNotFoundError(key, 0)
		}
		return st, runtime.SetZeroValue(st.obj)
	}
	st.rev, st.data = kv.modRev, kv.value
	return st, s.decodeKey(key, kv.value, st.obj, kv.modRev)
}

// newLike returns a new empty object of the type out points to.
func newLike(out reflect.Value) runtime.Object {
	if u, ok := out.Addr().Interface().(runtime.Unstructured); ok {
		return u.NewEmptyInstance()
	}
	return reflect.New(out.Type()).Interface().(runtime.Object)
}

// Delete implements storage.Interface. Like etcd3 it checks preconditions
// and validateDeletion against the current object and retries when a
// concurrent write wins.
func (s *Store) Delete(ctx context.Context, key string, out runtime.Object, preconditions *storage.Preconditions,
	validateDeletion storage.ValidateObjectFunc, _ runtime.Object, _ storage.DeleteOptions) error {
	key, err := s.prepareKey(key, false)
	if err != nil {
		return err
	}
	v, err := conversion.EnforcePtr(out)
	if err != nil {
		return fmt.Errorf("unable to convert output object to pointer: %v", err)
	}
	for {
		current, err := s.currentState(key, v, false)
		if err != nil {
			return err
		}
		if err := preconditions.Check(key, current.obj); err != nil {
			return err
		}
		if err := validateDeletion(ctx, current.obj); err != nil {
			return err
		}
		rev, _, _, ok := s.backend.remove(key, current.rev)
		if !ok {
			continue
		}
		s.decoded.Delete(key)
		return s.decode(current.data, out, rev)
	}
}

// GuaranteedUpdate implements storage.Interface: read, tryUpdate, write if the
// key did not change meanwhile, else retry. Writing the same bytes is a
// no-op that keeps the resourceVersion and emits no event.
func (s *Store) GuaranteedUpdate(ctx context.Context, key string, destination runtime.Object, ignoreNotFound bool,
	preconditions *storage.Preconditions, tryUpdate storage.UpdateFunc, _ runtime.Object) error {
	key, err := s.prepareKey(key, false)
	if err != nil {
		return err
	}
	v, err := conversion.EnforcePtr(destination)
	if err != nil {
		return fmt.Errorf("unable to convert output object to pointer: %v", err)
	}
	for {
		current, err := s.currentState(key, v, ignoreNotFound)
		if err != nil {
			return err
		}
		if err := preconditions.Check(key, current.obj); err != nil {
			return err
		}
		updated, _, err := tryUpdate(current.obj, storage.ResponseMeta{ResourceVersion: uint64(current.rev)})
		if err != nil {
			return err
		}
		if err := s.versioner.PrepareObjectForStorage(updated); err != nil {
			return fmt.Errorf("PrepareObjectForStorage failed: %v", err)
		}
		data, err := runtime.Encode(s.codec, updated)
		if err != nil {
			return err
		}
		if current.data != nil && bytes.Equal(data, current.data) {
			return s.decodeKey(key, current.data, destination, current.rev)
		}
		rev, _, _, ok := s.backend.put(key, data, current.rev)
		if !ok {
			continue
		}
		return s.decodeKey(key, data, destination, rev)
	}
}

// GetList implements storage.Interface with etcd3's paging: a continue token
// pins the revision of the first page, and a compacted revision answers 410.
func (s *Store) GetList(ctx context.Context, key string, opts storage.ListOptions, listObj runtime.Object) error {
	keyPrefix, err := s.prepareKey(key, opts.Recursive)
	if err != nil {
		return err
	}
	listPtr, err := meta.GetItemsPtr(listObj)
	if err != nil {
		return err
	}
	items, err := conversion.EnforcePtr(listPtr)
	if err != nil || items.Kind() != reflect.Slice {
		return fmt.Errorf("need ptr to slice: %v", err)
	}
	withRev, continueKey, err := storage.ValidateListOptions(keyPrefix, s.versioner, opts)
	if err != nil {
		return err
	}
	page, err := s.readPage(keyPrefix, continueKey, withRev, opts.Recursive)
	if err != nil {
		return s.listReadError(err, withRev, len(opts.Predicate.Continue) > 0, continueKey, keyPrefix)
	}
	if withRev == 0 {
		if err := s.validateMinimumResourceVersion(opts.ResourceVersion, uint64(page.rev)); err != nil {
			return err
		}
	}
	lastKey, hasMore, err := s.appendMatching(page.kvs, opts.Predicate, newItemFunc(listObj, items), items)
	if err != nil {
		return err
	}
	continueValue, remaining, err := storage.PrepareContinueToken(lastKey, keyPrefix, page.rev, page.count, hasMore, opts)
	if err != nil {
		return err
	}
	if items.IsNil() {
		items.Set(reflect.MakeSlice(items.Type(), 0, 0))
	}
	return s.versioner.UpdateList(listObj, uint64(page.rev), continueValue, remaining)
}

// readPage reads the keys a list covers: one key, or every key under a prefix.
func (s *Store) readPage(keyPrefix, continueKey string, rev int64, recursive bool) (rangeResult, error) {
	if !recursive {
		kv, ok, atRev, err := s.backend.getAt(keyPrefix, rev)
		result := rangeResult{rev: atRev}
		if ok {
			result.kvs, result.count = []keyValue{kv}, 1
		}
		return result, err
	}
	return s.backend.rangeAt(keyPrefix, continueKey, rev)
}

// appendMatching decodes kvs in order and appends those matching pred until
// its limit is reached. It returns the last key looked at and whether keys
// remain after it.
func (s *Store) appendMatching(kvs []keyValue, pred storage.SelectionPredicate, newItem func() runtime.Object, items reflect.Value) (string, bool, error) {
	var lastKey string
	for i, kv := range kvs {
		if pred.Limit > 0 && int64(items.Len()) >= pred.Limit {
			return lastKey, true, nil
		}
		lastKey = kv.key
		obj, _, err := s.codec.Decode(kv.value, nil, newItem())
		if err != nil {
			return "", false, err
		}
		if err := s.versioner.UpdateObject(obj, uint64(kv.modRev)); err != nil {
			return "", false, err
		}
		if matched, err := pred.Matches(obj); err == nil && matched {
			items.Set(reflect.Append(items, reflect.ValueOf(obj).Elem()))
		}
		if pred.Limit > 0 && int64(items.Len()) >= pred.Limit {
			return lastKey, i < len(kvs)-1, nil
		}
	}
	return lastKey, false, nil
}

// listReadError maps a backend read error to what etcd3 answers.
func (s *Store) listReadError(err error, withRev int64, paging bool, continueKey, keyPrefix string) error {
	switch err {
	case errFutureRev:
		return storage.NewTooLargeResourceVersionError(uint64(withRev), uint64(s.backend.Revision()), 0)
	case errCompacted:
		if !paging {
			return apierrors.NewResourceExpired(listExpired)
		}
		token, encodeErr := storage.EncodeContinue(continueKey, keyPrefix, -1)
		if encodeErr != nil {
			return apierrors.NewResourceExpired(continueExpired)
		}
		expired := apierrors.NewResourceExpired(inconsistentContinue)
		expired.ErrStatus.ListMeta.Continue = token
		return expired
	}
	return err
}

// newItemFunc makes list items, keeping an unstructured list's apiVersion.
func newItemFunc(listObj runtime.Object, items reflect.Value) func() runtime.Object {
	if list, ok := listObj.(*unstructured.UnstructuredList); ok {
		if apiVersion := list.GetAPIVersion(); apiVersion != "" {
			return func() runtime.Object {
				return &unstructured.Unstructured{Object: map[string]interface{}{"apiVersion": apiVersion}}
			}
		}
	}
	elem := items.Type().Elem()
	return func() runtime.Object { return reflect.New(elem).Interface().(runtime.Object) }
}

// Watch implements storage.Interface.
func (s *Store) Watch(ctx context.Context, key string, opts storage.ListOptions) (watch.Interface, error) {
	return s.watch(ctx, key, opts, nil)
}

func (s *Store) watch(ctx context.Context, key string, opts storage.ListOptions, held *heldWindow) (watch.Interface, error) {
	key, err := s.prepareKey(key, opts.Recursive)
	if err != nil {
		return nil, err
	}
	rev, err := s.versioner.ParseResourceVersion(opts.ResourceVersion)
	if err != nil {
		return nil, err
	}
	return s.startWatch(ctx, key, int64(rev), opts, held)
}

// Stats implements storage.Interface.
func (s *Store) Stats(ctx context.Context) (storage.Stats, error) {
	prefix, err := s.prepareKey(s.resourcePrefix, true)
	if err != nil {
		return storage.Stats{}, err
	}
	page, err := s.backend.rangeAt(prefix, "", 0)
	return storage.Stats{ObjectCount: page.count}, err
}

// ReadinessCheck implements storage.Interface: memory is always ready.
func (s *Store) ReadinessCheck() error { return nil }

// RequestWatchProgress implements storage.Interface: progress-notifying
// watches report the current revision as a bookmark.
func (s *Store) RequestWatchProgress(ctx context.Context) error {
	s.backend.requestProgress()
	return nil
}

// GetCurrentResourceVersion implements storage.Interface.
func (s *Store) GetCurrentResourceVersion(ctx context.Context) (uint64, error) {
	return uint64(s.backend.Revision()), nil
}

// EnableResourceSizeEstimation implements storage.Interface; sizes are not
// estimated.
func (s *Store) EnableResourceSizeEstimation(storage.KeysFunc) error { return nil }

// CompactRevision implements storage.Interface.
func (s *Store) CompactRevision() int64 { return s.backend.CompactedRevision() }
