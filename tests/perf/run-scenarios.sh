#!/usr/bin/env bash
# The standard load scenarios of docs/performance.md, against banmen-server and the bare
# relay baseline in the same run, written as a markdown table (stdout and --out FILE).
#
#   tests/perf/run-scenarios.sh [--build DIR] [--server BIN] [--out FILE] [--quick]
#                               [--threads N] [--server-args "..."] [--only 1,2,3]
#
#   1. 5,000 rooms (10,000 connections), one move per room every 2 s: latency percentiles
#   2. 1,000 rooms as fast as they go: moves per second
#   3. 5,000 idle rooms (10,000 connections): resident memory per idle connection and room
# Each scenario starts a fresh server or relay process, so memory figures start clean.
# Without --server (or a built banmen-server) only the relay runs. --only runs the listed
# scenarios (for example --only 3, the idle memory alone); the table keeps every row, "-"
# for the scenarios left out. Heavy: not a ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build="$root/build/release"
server="" out="" quick=0 threads=2 only=1,2,3
server_args=${BANMEN_LOAD_SERVER_ARGS:-}
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --server) server=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --threads) threads=$2; shift 2 ;;
    --server-args) server_args=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    *) echo "error: unknown argument $1" >&2; exit 2 ;;
  esac
done
load="$build/server/tools/load/banmen-load"
relay="$build/tests/perf/relay/banmen-relay"
[ -z "$server" ] && [ -x "$build/server/banmen-server" ] && server="$build/server/banmen-server"
for bin in "$load" "$relay" ${server:+"$server"}; do
  [ -x "$bin" ] || { echo "error: $bin is not built" >&2; exit 2; }
done
ulimit -n "$(ulimit -Hn)"
# Each process (banmen-load, the server) holds 10,000 sockets plus its own files.
[ "$(ulimit -n)" -ge 10500 ] || echo "warning: ulimit -n is $(ulimit -n); 10,000 connections need more" >&2

if [ $quick -eq 1 ]; then d1=15 d2=8; else d1=60 d2=20; fi
work=$(mktemp -d)
child="" current=""
cleanup() {
  [ -n "$child" ] && kill "$child" 2>/dev/null && wait "$child" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# start <target>: a fresh relay or server on a free port; sets $child and $port.
start() {
  current=$1
  port=$(free_port)
  if [ "$1" = relay ]; then
    "$relay" --port "$port" --threads "$threads" >"$work/relay.log" 2>&1 &
  else
    rm -rf "$work/data"; mkdir -p "$work/data"
    # The load comes from one address: lift the per-address room and connection caps, the
    # message rate limit and the read budget (scenario 2 measures throughput, not limits).
    # shellcheck disable=SC2086
    "$server" --bind 127.0.0.1 --port "$port" --threads "$threads" --data-dir "$work/data" \
      --log-level warn --max-rooms-per-address 100000 --messages-per-second 10000 \
      --message-burst 10000 --max-connections 100000 --max-connections-per-address 100000 \
      --read-bytes-per-address 0 $server_args >"$work/server.log" 2>&1 &
  fi
  child=$!
  for _ in $(seq 1 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "error: $1 did not start" >&2; cat "$work/$1.log" >&2; exit 1
}
# stop: SIGTERM, then SIGKILL if the process has not exited within 10 s.
stop() {
  kill "$child" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$child" 2>/dev/null || true
  local status=0
  wait "$child" 2>/dev/null || status=$?
  child=""
  # 0 or 143 (ended by the SIGTERM): anything else is worth reading about.
  if [ "$status" -ne 0 ] && [ "$status" -ne 143 ]; then
    echo "warning: $current exited with status $status; the end of its log:" >&2
    tail -n 5 "$work/$current.log" >&2
  fi
}

# cpu_times: "steal total" jiffies of the whole machine, from /proc/stat.
cpu_times() { awk '/^cpu / { t = 0; for (i = 2; i <= NF; i++) t += $i; print $9, t }' /proc/stat; }

# run <target> <scenario> <banmen-load options...>: the RESULT line into $work/<target>.<scenario>,
# with the share of CPU time the hypervisor took from this machine meanwhile (steal_pct):
# on a virtual machine the latency tail follows it (docs/performance.md).
run() {
  local target=$1 scenario=$2; shift 2
  start "$target"
  echo "== $target, scenario $scenario: $*" >&2
  local before after
  before=$(cpu_times)
  "$load" --target "$target" --port "$port" --server-pid "$child" --threads 2 "$@" \
    | tee -a "$work/all.txt" | grep '^RESULT' >"$work/$target.$scenario" || true
  after=$(cpu_times)
  stop
  [ -s "$work/$target.$scenario" ] && awk -v b="$before" -v a="$after" 'BEGIN {
      split(b, x, " "); split(a, y, " ")
      d = y[2] - x[2]; printf(" steal_pct=%.1f", (d > 0 ? 100 * (y[1] - x[1]) / d : 0)) }' \
    >>"$work/$target.$scenario"
  return 0
}

[[ $only =~ ^[123](,[123])*$ ]] || { echo "error: --only takes scenario numbers such as 3 or 1,2" >&2; exit 2; }
wanted() { [[ ,$only, == *,$1,* ]]; }
targets=(relay)
[ -n "$server" ] && targets+=(server)
# Targets alternate within each scenario so both see the same background load.
if wanted 1; then
  for t in "${targets[@]}"; do run "$t" 1 --rooms 5000 --pace 0.5 --duration "$d1" --game mix; done
fi
if wanted 2; then
  for t in "${targets[@]}"; do run "$t" 2 --rooms 1000 --pace 0 --duration "$d2" --game mix; done
fi
if wanted 3; then
  for t in "${targets[@]}"; do run "$t" 3 --rooms 5000 --idle --duration 2 --game mix; done
fi

# value <target> <scenario> <key>: one field of a RESULT line, "-" when absent.
value() {
  local f="$work/$1.$2"
  [ -s "$f" ] || { echo "-"; return; }
  tr ' ' '\n' <"$f" | awk -F= -v k="$3" '$1 == k { print $2; found = 1 } END { if (!found) print "-" }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.2f", a / b }'; }
row() {  # row <label> <scenario> <key>
  local s r; s=$(value server "$2" "$3"); r=$(value relay "$2" "$3")
  echo "| $1 | $s | $r | $(ratio "$s" "$r") |"
}

{
  echo "Measured on $(date -u +%Y-%m-%dT%H:%MZ) with commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo '+dirty');"
  echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), kernel $(uname -r), load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "Server and relay ran with --threads $threads; banmen-load with --threads 2 on the same cores."
  echo
  echo "| figure | server | relay | server/relay |"
  echo "|---|---|---|---|"
  row "1: connections held" 1 held
  row "1: moves/s" 1 moves_per_s
  row "1: latency p50 ms" 1 p50_ms
  row "1: latency p90 ms" 1 p90_ms
  row "1: latency p99 ms (target <= 10)" 1 p99_ms
  row "1: latency p99.9 ms" 1 p999_ms
  row "1: latency max ms" 1 max_ms
  row "1: errors (target 0)" 1 errors
  row "1: CPU steal % during the run" 1 steal_pct
  row "1: process CPU s" 1 server_cpu_s
  row "2: moves/s (target server/relay >= 0.5)" 2 moves_per_s
  row "2: messages received/s" 2 messages_per_s
  row "2: latency p99 ms" 2 p99_ms
  row "2: errors" 2 errors
  row "2: CPU steal % during the run" 2 steal_pct
  row "2: process CPU s" 2 server_cpu_s
  row "3: KiB per idle connection (target <= 16)" 3 kib_per_connection
  row "3: KiB per idle room" 3 kib_per_room
  row "3: RSS KiB with 10,000 connections" 3 server_rss_end_kib
} | tee "$work/table.md"
[ -n "$out" ] && cp "$work/table.md" "$out"
[ -n "$out" ] && cp "$work/all.txt" "${out%.md}.log"
exit 0
