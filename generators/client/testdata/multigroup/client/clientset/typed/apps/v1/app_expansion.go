package v1

// AppExpansion is written by hand, so the generator leaves it out.
type AppExpansion interface {
	Scale(replicas int32) error
}

// Scale is a hand-written method on the generated client.
func (c *apps) Scale(replicas int32) error { return nil }
