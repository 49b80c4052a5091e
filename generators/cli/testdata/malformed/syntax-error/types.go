package syntaxerror

// Good would get a DeepCopy if the package loaded.
type Good struct{ Items []string }

type Broken struct {
	Name string
