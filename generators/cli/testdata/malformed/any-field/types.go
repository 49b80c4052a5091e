package anyfield

type Good struct{ Items []string }

type Bad struct {
	Value any `json:"value"`
}
