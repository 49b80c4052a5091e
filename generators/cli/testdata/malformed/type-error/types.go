package typeerror

type Good struct{ Items []string }

type Broken struct {
	Field UndefinedType `json:"field"`
}
