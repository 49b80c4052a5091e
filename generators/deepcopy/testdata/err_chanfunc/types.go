package err_chanfunc

// Runner has a channel and a callback.
type Runner struct {
	Name     string
	Done     chan struct{}
	OnChange func(string)
	Hooks    []func()
}
