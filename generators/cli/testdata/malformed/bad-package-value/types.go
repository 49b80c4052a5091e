package badpackagevalue

type Good struct{ Items []string }
