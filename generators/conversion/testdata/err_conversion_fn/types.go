package err_conversion_fn

type Widget struct {
	Size   string
	Labels Labels
}

type Labels struct {
	Names []string
}
