package rules

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validate"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// EachSliceVal validates every item of newSlice, as validate.EachSliceVal
// does, building an item's path only when it has errors. On update an item
// that match pairs with an old item is not validated again when equiv says it
// is unchanged (a nil equiv means any match is unchanged); without match,
// every item is validated, with no old value.
func EachSliceVal[T any](ctx context.Context, op operation.Operation, fldPath *field.Path, newSlice, oldSlice []T,
	match, equiv validate.MatchFunc[*T], validator validate.ValidateFunc[*T]) field.ErrorList {
	var errs field.ErrorList
	for i := range newSlice {
		item := &newSlice[i]
		var old *T
		if match != nil {
			old = lookup(oldSlice, item, match)
		}
		if op.Type == operation.Update && old != nil && (equiv == nil || equiv(item, old)) {
			continue
		}
		errs = append(errs, Index(fldPath, i, validator(ctx, op, nil, item, old))...)
	}
	return errs
}

func lookup[T any](list []T, target *T, match validate.MatchFunc[*T]) *T {
	for i := range list {
		if match(&list[i], target) {
			return &list[i]
		}
	}
	return nil
}

// EachMapVal validates every value of newMap, as validate.EachMapVal does,
// building a value's path only when it has errors. On update a value whose
// key was present before is not validated again when equiv says it is
// unchanged.
func EachMapVal[K ~string, V any](ctx context.Context, op operation.Operation, fldPath *field.Path, newMap, oldMap map[K]V,
	equiv validate.MatchFunc[*V], validator validate.ValidateFunc[*V]) field.ErrorList {
	var errs field.ErrorList
	for key, value := range newMap {
		var old *V
		if o, found := oldMap[key]; found {
			old = &o
		}
		if op.Type == operation.Update && old != nil && equiv != nil && equiv(&value, old) {
			continue
		}
		errs = append(errs, Key(fldPath, string(key), validator(ctx, op, nil, &value, old))...)
	}
	return errs
}
