package err_any

// Loose has interface{} and any in several positions.
type Loose struct {
	Name    string
	Extra   any
	Values  []interface{}
	ByName  map[string]any
	Pointer *any
}

// Bag is a named map of any.
type Bag map[string]any
