package server

import (
	"context"
	"testing"
)

// StartForTest starts a server for a test or benchmark and stops it when the
// test ends. It fails the test if the server does not start.
func StartForTest(tb testing.TB, opts Options) *Server {
	tb.Helper()
	s, err := Start(context.Background(), opts)
	if err != nil {
		tb.Fatalf("starting the API server: %v", err)
	}
	tb.Cleanup(func() {
		if err := s.Stop(); err != nil {
			tb.Errorf("stopping the API server: %v", err)
		}
	})
	return s
}
