#!/usr/bin/env bash
# The cluster scenarios of docs/performance.md ("More than one server"): the same load
# generator (banmen-load) through nginx (the shipped location blocks, rooms routed by
# `hash $arg_room consistent`) against
#   sqlite  one banmen-server on its SQLite file (the baseline, behind the same nginx)
#   pg1     one banmen-server in cluster mode on PostgreSQL
#   pg3     three banmen-servers in cluster mode on one PostgreSQL
# each started fresh by banmen-cluster-up (tests/cluster: a temporary PostgreSQL, the
# servers, nginx; loopback only). Players join on the room's URL (--join-by-url), as the
# web client does in a cluster. Written as a markdown table (stdout and --out FILE).
#
#   tests/perf/run-cluster-scenarios.sh [--build DIR] [--out FILE] [--quick]
#                                       [--targets "sqlite pg1 pg3"] [--server BIN]
#
#   A. 2,000 rooms (4,000 connections), one move per room every 2 s: latency percentiles
#   B. 1,000 rooms as fast as they go: moves per second
# On a two-core machine every server, PostgreSQL, nginx and the load generator share the
# same two cores: three servers cannot be faster than one there (docs/performance.md).
# Heavy: not a ctest (tests/cluster's tests are the correctness proof).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build="$root/build/release"
out="" quick=0 targets="sqlite pg1 pg3" server=""
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --targets) targets=$2; shift 2 ;;
    --server) server=$2; shift 2 ;;
    *) echo "error: unknown argument $1" >&2; exit 2 ;;
  esac
done
load="$build/server/tools/load/banmen-load"
[ -n "$server" ] || server="$build/server/banmen-server"
up="$build/tests/cluster/banmen-cluster-up"
for bin in "$load" "$server" "$up"; do
  [ -x "$bin" ] || { echo "error: $bin is not built" >&2; exit 2; }
done
locations="$root/deploy/nginx/banmen-cluster-locations.conf"
ulimit -n "$(ulimit -Hn)"

if [ $quick -eq 1 ]; then da=10 db=8; else da=30 db=20; fi
work=$(mktemp -d)
holder="" cluster_pid=""
cleanup() {
  [ -n "$holder" ] && kill "$holder" 2>/dev/null
  [ -n "$cluster_pid" ] && wait "$cluster_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# start <target>: a fresh cluster for the target; sets $port. banmen-cluster-up runs until
# its standard input closes: a `sleep` holds a fifo open for it and is killed to stop it.
start() {
  local args=()
  case $1 in
    sqlite) args=(--servers 1 --sqlite) ;;
    pg1) args=(--servers 1) ;;
    pg3) args=(--servers 3) ;;
  esac
  rm -f "$work/fifo"; mkfifo "$work/fifo"
  sleep 100000 >"$work/fifo" &
  holder=$!
  "$up" "${args[@]}" --server "$server" --locations "$locations" -- --threads 2 \
    --max-connections 100000 <"$work/fifo" >"$work/$1.up" 2>&1 &
  cluster_pid=$!
  for _ in $(seq 1 600); do
    if grep -q '^READY' "$work/$1.up"; then
      port=$(sed -nE 's/^READY nginx_port=([0-9]+).*/\1/p' "$work/$1.up")
      return 0
    fi
    kill -0 "$cluster_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "error: the $1 cluster did not start" >&2; cat "$work/$1.up" >&2; exit 1
}
stop() {
  kill "$holder" 2>/dev/null || true
  wait "$cluster_pid" 2>/dev/null || true
  holder="" cluster_pid=""
}

cpu_times() { awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i; print $9, t }' /proc/stat; }

# run <target> <scenario> <banmen-load options...>: the RESULT line into
# $work/<target>.<scenario>, with the machine's CPU steal meanwhile.
run() {
  local target=$1 scenario=$2; shift 2
  start "$target"
  echo "== $target, scenario $scenario: $*" >&2
  local before after
  before=$(cpu_times)
  "$load" --target server --port "$port" --join-by-url --threads 2 "$@" \
    | tee -a "$work/all.txt" | grep '^RESULT' >"$work/$target.$scenario" || true
  after=$(cpu_times)
  stop
  [ -s "$work/$target.$scenario" ] && awk -v b="$before" -v a="$after" 'BEGIN {
      split(b, x, " "); split(a, y, " ")
      d = y[2] - x[2]; printf(" steal_pct=%.1f", (d > 0 ? 100 * (y[1] - x[1]) / d : 0)) }' \
    >>"$work/$target.$scenario"
  return 0
}

read -r -a targets <<<"$targets"
for t in "${targets[@]}"; do
  case $t in sqlite | pg1 | pg3) ;; *) echo "error: unknown target $t" >&2; exit 2 ;; esac
done
for t in "${targets[@]}"; do run "$t" A --rooms 2000 --pace 0.5 --duration "$da" --game mix; done
for t in "${targets[@]}"; do run "$t" B --rooms 1000 --pace 0 --duration "$db" --game mix; done

value() {
  local f="$work/$1.$2"
  [ -s "$f" ] || { echo "-"; return; }
  tr ' ' '\n' <"$f" | awk -F= -v k="$3" '$1 == k { print $2; found = 1 } END { if (!found) print "-" }'
}
row() {  # row <label> <scenario> <key>
  echo "| $1 | $(value sqlite "$2" "$3") | $(value pg1 "$2" "$3") | $(value pg3 "$2" "$3") |"
}

{
  echo "Measured on $(date -u +%Y-%m-%dT%H:%MZ) with commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo '+dirty');"
  echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), kernel $(uname -r), load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "Every target behind nginx (one worker); servers --threads 2; banmen-load --threads 2 --join-by-url; all on the same cores."
  echo
  echo "| figure | 1 server, SQLite | 1 server, PostgreSQL | 3 servers, PostgreSQL |"
  echo "|---|---|---|---|"
  row "A: connections held" A held
  row "A: moves/s" A moves_per_s
  row "A: latency p50 ms" A p50_ms
  row "A: latency p90 ms" A p90_ms
  row "A: latency p99 ms" A p99_ms
  row "A: latency max ms" A max_ms
  row "A: errors" A errors
  row "A: CPU steal %" A steal_pct
  row "B: moves/s" B moves_per_s
  row "B: messages received/s" B messages_per_s
  row "B: latency p50 ms" B p50_ms
  row "B: latency p99 ms" B p99_ms
  row "B: errors" B errors
  row "B: CPU steal %" B steal_pct
} | tee "$work/table.md"
[ -n "$out" ] && cp "$work/table.md" "$out"
[ -n "$out" ] && cp "$work/all.txt" "${out%.md}.log"
exit 0
