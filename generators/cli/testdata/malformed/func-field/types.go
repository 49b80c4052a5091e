package funcfield

type Good struct{ Items []string }

type Bad struct {
	Callback func() error
}
