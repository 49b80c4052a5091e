package chanfield

type Good struct{ Items []string }

type Bad struct {
	Events chan string
}
