package model

import "github.com/metagen-dev/metagen/generators/markers"

// The declarations of the model hold markers (markers.Holder): a marker
// definition reads its value from them, markers.KBResource.On(t).

// MarkerSet returns the package's markers.
func (p *Package) MarkerSet() markers.Set { return p.Markers }

// MarkerSet returns the type's markers.
func (t *Type) MarkerSet() markers.Set { return t.Markers }

// MarkerSet returns the field's markers.
func (f *Field) MarkerSet() markers.Set { return f.Markers }
