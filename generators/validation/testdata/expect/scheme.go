package expect

import (
	"context"
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidationFunc validates an object registered with a Scheme.
type ValidationFunc func(ctx context.Context, op operation.Operation, obj, oldObj interface{}) field.ErrorList

// Scheme is a scheme of validation-gen's test kind (its testscheme.Scheme):
// it takes validation functions for any type, as registered, struct types
// by pointer and list and map types by value.
type Scheme struct {
	fns map[reflect.Type]ValidationFunc
}

// NewScheme returns an empty scheme.
func NewScheme() *Scheme { return &Scheme{fns: map[reflect.Type]ValidationFunc{}} }

// Register runs registration functions on the scheme.
func (s *Scheme) Register(fns ...func(*Scheme) error) {
	for _, fn := range fns {
		if err := fn(s); err != nil {
			panic(err)
		}
	}
}

// AddValidationFunc registers fn for the type of srcType.
func (s *Scheme) AddValidationFunc(srcType interface{}, fn ValidationFunc) {
	s.fns[reflect.TypeOf(srcType)] = fn
}

// Validate runs the function registered for obj's type.
func (s *Scheme) Validate(ctx context.Context, op operation.Operation, obj, oldObj interface{}) field.ErrorList {
	fn, ok := s.fns[reflect.TypeOf(obj)]
	if !ok {
		return field.ErrorList{field.InternalError(nil, fmt.Errorf("no validation registered for %T", obj))}
	}
	return fn(ctx, op, obj, oldObj)
}
