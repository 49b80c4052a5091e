package load

import (
	"go/token"
	"runtime"
	"sync"

	"golang.org/x/tools/go/packages"
)

// parseOnly is step 3 without type checking, for runs whose generators
// read only comments: each input package parsed, on all cores.
func parseOnly(fset *token.FileSet, roots []*packages.Package) []*checkedPackage {
	checked := make([]*checkedPackage, len(roots))
	cores := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, root := range roots {
		checked[i] = &checkedPackage{list: root}
		wg.Add(1)
		go func() {
			defer wg.Done()
			cores <- struct{}{}
			checked[i].parse(fset)
			<-cores
		}()
	}
	wg.Wait()
	return checked
}
