#!/usr/bin/env bash
# Runs the e2e suites against a real kube-apiserver and etcd on loopback.
#
#   hack/e2e/run.sh [go test flags...]     e.g. hack/e2e/run.sh -run Flows -v
#
# It builds kube-apiserver (or reuses the cached binary), installs Debian's
# etcd-server when etcd is missing, starts both on random free loopback ports
# with a temporary data directory and token authentication, waits for
# /readyz, then runs every main-module package that has a file with the
# `e2e` build tag. Both processes are stopped by PID on exit, pass or fail.
#
# The tests read:
#   METAGEN_E2E_KUBECONFIG  kubeconfig for the admin user (system:masters)
#   METAGEN_E2E_SERVER      https://127.0.0.1:PORT
#   METAGEN_E2E_TOKEN       the admin's bearer token
#   METAGEN_E2E_CA_FILE     CA bundle of the serving certificate
#   METAGEN_E2E_VERSION     the kube-apiserver version (v1.37.2)
#   METAGEN_E2E_KUBECTL     kubectl v1.37.2 (build-kubectl.sh), for the kubectl suite
#   METAGEN_E2E_ALLOW       the allow-list of accepted differences
#   METAGEN_E2E_REPORT      the file each suite appends its agreement line to
#
# Set METAGEN_E2E_KEEP=1 to keep the data directory and logs after the run.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

log() { echo "e2e: $*" >&2; }

# ensure_packages installs, in one apt-get call, the Debian packages that
# provide the commands the run needs and that are not yet on PATH.
ensure_packages() {
	local missing=()
	command -v etcd >/dev/null || [[ -x /usr/bin/etcd ]] || missing+=(etcd-server)
	command -v openssl >/dev/null || missing+=(openssl)
	command -v curl >/dev/null || missing+=(curl ca-certificates)
	command -v pgrep >/dev/null || missing+=(procps)
	[[ ${#missing[@]} -eq 0 ]] && return
	log "installing ${missing[*]}"
	local sudo=()
	[[ $(id -u) -eq 0 ]] || sudo=(sudo)
	"${sudo[@]}" apt-get update -q >&2
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
}

# free_port sets port to a random loopback port that nobody listens on and
# that this run has not handed out yet. Another process may take it before
# we bind; startup then fails loudly rather than flaking.
ports=" "
free_port() {
	for _ in $(seq 100); do
		port=$((20000 + RANDOM % 40000))
		if [[ "$ports" != *" $port "* ]] && ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
			ports+="$port "
			return
		fi
	done
	log "no free port found"
	return 1
}

# wait_ready polls url with curl until it answers "ok" or the timeout passes,
# failing early when the process being waited for has died.
wait_ready() {
	local name=$1 pid=$2 timeout=$3
	shift 3
	local deadline=$((SECONDS + timeout))
	until [[ "$(curl -fsS --max-time 2 "$@" 2>/dev/null)" == ok* ]]; do
		if ! kill -0 "$pid" 2>/dev/null; then
			log "$name exited during startup; last lines of its log:"
			tail -n 40 "$work/$name.log" >&2
			return 1
		fi
		if ((SECONDS > deadline)); then
			log "$name not ready after ${timeout}s; last lines of its log:"
			tail -n 40 "$work/$name.log" >&2
			return 1
		fi
		sleep 0.5
	done
}

# stop ends each started process by its PID and waits for it, then removes
# the temporary directory. It runs on every exit, including test failures.
pids=()
test_pid=
stop() {
	local status=$?
	local i child
	if [[ -n "$test_pid" ]]; then
		for child in $(pgrep -P "$test_pid"); do
			stop_pid "$child"
		done
		stop_pid "$test_pid"
	fi
	# Newest first: kube-apiserver before the etcd it writes to.
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		stop_pid "${pids[i]}"
	done
	if [[ -s "$work/report.txt" ]]; then
		cat "$work/report.txt"
	fi
	if [[ "${METAGEN_E2E_KEEP:-}" == 1 || $status -ne 0 ]]; then
		log "kept logs and data in $work"
	else
		rm -rf "$work"
	fi
	exit "$status"
}

# stop_pid asks a process to stop, and kills it after 15 seconds.
stop_pid() {
	local pid=$1
	kill "$pid" 2>/dev/null || return 0
	for _ in $(seq 150); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -9 "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
}

start_etcd() {
	local client peer
	free_port
	client=$port
	free_port
	peer=$port
	etcd_url="http://127.0.0.1:$client"
	local etcd_bin
	etcd_bin=$(command -v etcd || echo /usr/bin/etcd)
	"$etcd_bin" --name=e2e --data-dir="$work/etcd" \
		--listen-client-urls="$etcd_url" --advertise-client-urls="$etcd_url" \
		--listen-peer-urls="http://127.0.0.1:$peer" \
		--initial-advertise-peer-urls="http://127.0.0.1:$peer" \
		--initial-cluster="e2e=http://127.0.0.1:$peer" \
		--unsafe-no-fsync >"$work/etcd.log" 2>&1 &
	pids+=($!)
	wait_ready etcd "$!" 30 "$etcd_url/health" -o /dev/null -w 'ok'
	log "etcd $("$etcd_bin" --version | awk 'NR == 1 { print $3 }') ready at $etcd_url"
}

# write_credentials makes the service-account key pair and a static token
# for an admin in system:masters (which the RBAC authorizer always allows,
# including the PCR issue's `sign` verb on any signer).
write_credentials() {
	openssl genrsa -out "$work/sa.key" 2048 2>/dev/null
	openssl rsa -in "$work/sa.key" -pubout -out "$work/sa.pub" 2>/dev/null
	token=$(openssl rand -hex 24)
	echo "$token,e2e-admin,e2e-admin-uid,system:masters" >"$work/tokens.csv"
}

start_apiserver() {
	free_port
	server="https://127.0.0.1:$port"
	"$apiserver" --bind-address=127.0.0.1 --advertise-address=127.0.0.1 \
		--secure-port="$port" --cert-dir="$work/certs" \
		--etcd-servers="$etcd_url" \
		--token-auth-file="$work/tokens.csv" \
		--authorization-mode=RBAC \
		--service-account-key-file="$work/sa.pub" \
		--service-account-signing-key-file="$work/sa.key" \
		--service-account-issuer=https://kubernetes.default.svc \
		--service-cluster-ip-range=10.0.0.0/24 \
		--endpoint-reconciler-type=none \
		--profiling=false >"$work/kube-apiserver.log" 2>&1 &
	pids+=($!)
	# The serving certificate is written at startup, so /readyz is polled
	# without verification; the kubeconfig then pins that certificate.
	wait_ready kube-apiserver "$!" 180 "$server/readyz" -k -H "Authorization: Bearer $token"
	ca_file="$work/certs/apiserver.crt"
	log "kube-apiserver $version ready at $server"
}

write_kubeconfig() {
	kubeconfig="$work/kubeconfig"
	cat >"$kubeconfig" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: e2e
  cluster:
    server: $server
    certificate-authority: $ca_file
users:
- name: e2e-admin
  user:
    token: $token
contexts:
- name: e2e
  context:
    cluster: e2e
    user: e2e-admin
current-context: e2e
EOF
}

# e2e_packages lists the main module's packages that have a file with the
# e2e build tag, so suites can live next to the code they exercise.
e2e_packages() {
	go list -tags e2e -f '{{.Dir}}' ./... | while read -r dir; do
		if grep -lqs '^//go:build.*\be2e\b' "$dir"/*.go; then
			echo "./${dir#"$root"/}"
		fi
	done
}

main() {
	ensure_packages
	apiserver=$("$root/hack/e2e/build-kube-apiserver.sh")
	version=$("$apiserver" --version | awk '{ print $2 }')
	kubectl=$("$root/hack/e2e/build-kubectl.sh")

	work=$(mktemp -d "${TMPDIR:-/tmp}/metagen-e2e.XXXXXX")
	trap stop EXIT
	# Signals end the script through exit, so the EXIT trap still stops both.
	trap 'exit 130' INT
	trap 'exit 143' TERM
	start_etcd
	write_credentials
	start_apiserver
	write_kubeconfig

	export METAGEN_E2E_KUBECONFIG="$kubeconfig" METAGEN_E2E_SERVER="$server"
	export METAGEN_E2E_TOKEN="$token" METAGEN_E2E_CA_FILE="$ca_file"
	export METAGEN_E2E_VERSION="$version" METAGEN_E2E_KUBECTL="$kubectl"
	export METAGEN_E2E_ALLOW="$root/hack/e2e/allow.txt" METAGEN_E2E_REPORT="$work/report.txt"

	local packages
	mapfile -t packages < <(e2e_packages)
	if [[ ${#packages[@]} -eq 0 ]]; then
		log "no package has a file with the e2e build tag"
		return 1
	fi
	log "testing ${packages[*]}"
	# In the background, so that a signal reaches the traps at once rather
	# than after the tests end.
	go test -tags e2e -count=1 "$@" "${packages[@]}" &
	test_pid=$!
	wait "$test_pid"
	# The clients' convention and concurrency tests once more under the race
	# detector. Not the whole run: -race would slow the in-process side of the
	# bench suite and skew its ratio.
	if [[ $# -eq 0 ]]; then
		log "testing the clients suite under -race"
		go test -race -tags e2e -count=1 -run '^TestClients$' "${packages[@]}" &
		test_pid=$!
		wait "$test_pid"
	fi
}

main "$@"
