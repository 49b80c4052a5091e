#!/usr/bin/env bash
# Thin wrapper: run the benchmark harness from the repository root.
# All flags are passed through, e.g. hack/bench/run.sh -runs 5 -tools deepcopy-gen,controller-gen
set -euo pipefail
cd "$(dirname "$0")/../.."
exec go run ./hack/bench "$@"
