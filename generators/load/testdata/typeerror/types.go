package typeerror

type Broken struct {
	Field UndefinedType
}
