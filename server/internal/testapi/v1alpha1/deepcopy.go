package v1alpha1

import "k8s.io/apimachinery/pkg/runtime"

// The spec and status of the types here hold values only: a copy of the
// struct with a deep copy of its ObjectMeta is a deep copy.

// DeepCopyObject implements runtime.Object.
func (in *Gadget) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *GadgetList) DeepCopyObject() runtime.Object {
	out := *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		out.Items = make([]Gadget, len(in.Items))
		for i := range in.Items {
			out.Items[i] = *in.Items[i].DeepCopyObject().(*Gadget)
		}
	}
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *Sprocket) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *SprocketList) DeepCopyObject() runtime.Object {
	out := *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		out.Items = make([]Sprocket, len(in.Items))
		for i := range in.Items {
			out.Items[i] = *in.Items[i].DeepCopyObject().(*Sprocket)
		}
	}
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *Mismatch) DeepCopyObject() runtime.Object {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *MismatchList) DeepCopyObject() runtime.Object {
	out := *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		out.Items = make([]Mismatch, len(in.Items))
		for i := range in.Items {
			out.Items[i] = *in.Items[i].DeepCopyObject().(*Mismatch)
		}
	}
	return &out
}
