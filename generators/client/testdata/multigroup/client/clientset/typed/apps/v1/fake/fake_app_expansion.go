package fake

// Scale is the fake's hand-written expansion method.
func (c *fakeApps) Scale(replicas int32) error { return nil }
