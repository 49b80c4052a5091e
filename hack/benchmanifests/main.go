// Command benchmanifests is `go run ./hack/bench -suite manifests`, kept
// under its old name: metagen's rbac and webhook generators against
// controller-gen v0.23.0's, side by side, on the kubebuilder corpus and
// -packages synthetic controller packages (see hack/bench/manifests.go).
//
//	go run ./hack/benchmanifests                # 200 packages, 5 timed runs each
//	go run ./hack/benchmanifests -packages 1000 -runs 9
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
)

func main() {
	packages := flag.Int("packages", 200, "synthetic controller packages besides the corpus")
	runs := flag.Int("runs", 5, "timed runs per tool")
	keep := flag.Bool("keep", false, "keep the module (its path is printed)")
	flag.Parse()
	args := []string{"run", "./hack/bench", "-suite", "manifests", "-runs", strconv.Itoa(*runs), "-manifest-packages", strconv.Itoa(*packages)}
	if *keep {
		args = append(args, "-keep")
	}
	cmd := exec.Command("go", args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "benchmanifests:", err)
		os.Exit(1)
	}
}
