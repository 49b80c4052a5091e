package rules

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestEncodedRules(t *testing.T) {
	p := field.NewPath("f")
	hosts := func(n int) *[]string { l := make([]string, n); return &l }
	for _, tc := range []struct {
		errs field.ErrorList
		want string
	}{
		// 3 bytes are 4 base64 characters, 4 bytes 8.
		{Base64MaxLength(ctx, create, p, []byte("abc"), nil, 4), ""},
		{Base64MaxLength(ctx, create, p, []byte("abcd"), nil, 7), "f: Too long: may not be more than 7 characters"},
		{Base64MinLength(ctx, create, p, []byte("a"), nil, 4), ""},
		{Base64MinLength(ctx, create, p, []byte("abcd"), nil, 9), "f: Too short: must be at least 9 characters"},
		{Base64MinLength(ctx, create, p, []byte{}, nil, 1), "f: Too short: must be at least 1 character"},
		{Base64MinLength[[]byte](ctx, create, p, nil, nil, 1), ""}, // null
		{PtrMinItems[string](ctx, create, p, nil, nil, 1), ""},
		{PtrMinItems(ctx, create, p, new([]string), nil, 1), ""}, // null
		{PtrMinItems(ctx, create, p, hosts(0), nil, 1), "f: Too few: 0: must have at least 1 item"},
		{PtrMaxItems(ctx, create, p, hosts(3), nil, 2), "f: Too many: 3: must have at most 2 items"},
		{PtrMaxItems(ctx, create, p, hosts(2), nil, 2), ""},
		{NumberEnum(ctx, create, p, ptr(302), nil, []float64{301, 302}), ""},
		{NumberEnum(ctx, create, p, ptr(303), nil, []float64{301, 302}), `f: Unsupported value: 303: supported values: "301", "302"`},
		{NumberEnum(ctx, create, p, ptr(0.75), nil, []float64{0.5, 1e21}), `f: Unsupported value: 0.75: supported values: "0.5", "1e+21"`},
		{NumberEnum(ctx, create, p, ptr(1.5), nil, []float64{1}), ""}, // truncated, as kube-apiserver compares
		{NumberEnum(ctx, create, p, ptr(0.5), nil, []float64{0.5}), ""},
	} {
		if got := rendered(tc.errs); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

func TestValidEncodedValuesAllocateNothing(t *testing.T) {
	data, hosts, code := []byte("abc"), &[]string{"a"}, 302
	codes := []float64{301, 302}
	if n := testing.AllocsPerRun(100, func() {
		_ = Base64MinLength(ctx, create, nil, data, nil, 4)
		_ = Base64MaxLength(ctx, create, nil, data, nil, 4)
		_ = PtrMinItems(ctx, create, nil, hosts, nil, 1)
		_ = NumberEnum(ctx, create, nil, &code, nil, codes)
	}); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
