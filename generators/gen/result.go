package gen

import (
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/model"
)

// Prep is what a generator's Prepare step sees: the whole universe, and the
// results of the generators it requires.
type Prep struct {
	Generator *Generator
	Universe  *model.Universe
	state     *RunState
}

// RunState holds the run results of one run: each generator's Prepare,
// computed once, on first need, whichever pass or Prepare needs it first.
// The zero value is ready to use.
type RunState struct {
	mu      sync.Mutex
	results map[*Generator]*prepared
	order   []*prepared
}

type prepared struct {
	once  sync.Once
	value any
	err   error
}

// Prepare computes g's run result over u (and first those g requires), once.
func (s *RunState) Prepare(u *model.Universe, g *Generator) (any, error) {
	if g.Prepare == nil {
		return nil, nil
	}
	s.mu.Lock()
	if s.results == nil {
		s.results = map[*Generator]*prepared{}
	}
	p := s.results[g]
	if p == nil {
		p = &prepared{}
		s.results[g] = p
		s.order = append(s.order, p)
	}
	s.mu.Unlock()
	p.once.Do(func() {
		for _, req := range g.Requires {
			s.Prepare(u, req)
		}
		p.value, p.err = g.Prepare(&Prep{Generator: g, Universe: u, state: s})
		checkResultType(g, p.value)
	})
	return p.value, p.err
}

// Prepared reports whether g's result has been computed in this run.
func (s *RunState) Prepared(g *Generator) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.results[g] != nil
}

// Errors are the errors of every Prepare of the run, each once, sorted by
// position: whole-run problems belong to no package's pass.
func (s *RunState) Errors() []error {
	s.mu.Lock()
	order := append([]*prepared(nil), s.order...)
	s.mu.Unlock()
	var errs []error
	for _, p := range order {
		errs = append(errs, diag.Unwrap(p.err)...)
	}
	return diag.Sort(errs)
}

// ErrorsOf are the errors of the Prepare steps of gens only (those that
// ran), each once, sorted by position: a run's checks (lint's) may prepare
// a generator's result without making its problems the run's.
func (s *RunState) ErrorsOf(gens []*Generator) []error {
	s.mu.Lock()
	var ran []*prepared
	for _, g := range gens {
		if p := s.results[g]; p != nil {
			ran = append(ran, p)
		}
	}
	s.mu.Unlock()
	var errs []error
	for _, p := range ran {
		errs = append(errs, diag.Unwrap(p.err)...)
	}
	return diag.Sort(errs)
}

// ResultOf returns the run result of g, typed: g is the pass's own
// generator or one of its Requires. A pass without a run state (a test's)
// computes it afresh.
func ResultOf[T any](p *Pass, g *Generator) T {
	if p.Generator != nil && p.Generator != g && !requires(p.Generator, g) {
		panic(fmt.Sprintf("generator %s reads the result of %s without requiring it", p.Generator.Name, g.Name))
	}
	return resultOf[T](p.RunState, p.Universe, g)
}

// ResultOf returns the run result of a generator the prepared one requires.
func (p *Prep) ResultOf(g *Generator) any {
	if !requires(p.Generator, g) {
		panic(fmt.Sprintf("generator %s prepares with the result of %s without requiring it", p.Generator.Name, g.Name))
	}
	v, _ := p.state.Prepare(p.Universe, g)
	return v
}

// Result returns g's run result, typed, computing it in state (a fresh one
// when state is nil): for callers outside a pass, such as metagen compat.
func Result[T any](state *RunState, u *model.Universe, g *Generator) (T, error) {
	if state == nil {
		state = &RunState{}
	}
	v, err := state.Prepare(u, g)
	typed, _ := v.(T)
	return typed, err
}

func resultOf[T any](state *RunState, u *model.Universe, g *Generator) T {
	typed, _ := Result[T](state, u, g)
	return typed
}

func requires(g, dep *Generator) bool {
	for _, r := range g.Requires {
		if r == dep {
			return true
		}
	}
	return false
}

func checkResultType(g *Generator, v any) {
	if g.ResultType != nil && reflect.TypeOf(v) != g.ResultType {
		panic(fmt.Sprintf("generator %s: Prepare returned %T, want %v", g.Name, v, g.ResultType))
	}
}

// Closure is the selected generators and, transitively, those they require,
// each once, every generator after what it requires. A cycle is an error.
func Closure(selected []*Generator) ([]*Generator, error) {
	var out []*Generator
	state := map[*Generator]int{} // 1 visiting, 2 done
	var visit func(g *Generator, path []string) error
	visit = func(g *Generator, path []string) error {
		switch state[g] {
		case 1:
			return fmt.Errorf("generators require each other: %v", append(path, g.Name))
		case 2:
			return nil
		}
		state[g] = 1
		for _, r := range g.Requires {
			if err := visit(r, append(path, g.Name)); err != nil {
				return err
			}
		}
		state[g] = 2
		out = append(out, g)
		return nil
	}
	var errs []error
	for _, g := range selected {
		errs = append(errs, visit(g, nil))
	}
	return out, errors.Join(errs...)
}
