#!/usr/bin/env bash
# Scenario 1 of docs/performance.md (5,000 rooms of two people, one move per room every 2 s)
# with and without a flood of games against the computer on the same server: the people's
# move latency percentiles side by side, as a markdown table (stdout and --out FILE).
#
#   tests/perf/run-computer-flood.sh [--build DIR] [--out FILE] [--duration S] [--rooms N]
#                                    [--level L] [--engine-threads T] [--engine-queue Q]
#
# The flood (banmen-computer-flood) opens N rooms against the computer at level L (chess,
# the host second, so the computer thinks at once); the server runs its engine on T threads
# with a queue of Q. Each run gets a fresh server. Heavy: not a ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build="$root/build/release"
out="" duration=30 rooms=24 level=8 engine_threads=1 engine_queue=64
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --rooms) rooms=$2; shift 2 ;;
    --level) level=$2; shift 2 ;;
    --engine-threads) engine_threads=$2; shift 2 ;;
    --engine-queue) engine_queue=$2; shift 2 ;;
    *) echo "error: unknown argument $1" >&2; exit 2 ;;
  esac
done
server="$build/server/banmen-server"
load="$build/server/tools/load/banmen-load"
flood="$build/server/tools/load/banmen-computer-flood"
for bin in "$server" "$load" "$flood"; do
  [ -x "$bin" ] || { echo "error: $bin is not built" >&2; exit 2; }
done
ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d)
server_pid="" flood_pid=""
cleanup() {
  for p in $flood_pid $server_pid; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# measure <label> <flood rooms>: a fresh server, the flood if any, then scenario 1.
measure() {
  local label=$1 n=$2 port
  port=$(free_port)
  rm -rf "$work/data"; mkdir -p "$work/data"
  "$server" --bind 127.0.0.1 --port "$port" --data-dir "$work/data" --log-level warn \
    --max-rooms-per-address 100000 --messages-per-second 10000 --message-burst 10000 \
    --max-connections 100000 --max-connections-per-address 100000 --read-bytes-per-address 0 \
    --engine-threads "$engine_threads" --engine-queue "$engine_queue" >"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
  if [ "$n" -gt 0 ]; then
    # Long enough to cover the load tool's setup and its measured play.
    "$flood" --port "$port" --rooms "$n" --level "$level" --duration $((duration + 60)) \
      >"$work/flood.txt" 2>&1 &
    flood_pid=$!
    sleep 3
  fi
  echo "== $label" >&2
  "$load" --port "$port" --server-pid "$server_pid" --threads 2 --rooms 5000 --pace 0.5 \
    --duration "$duration" --game mix | grep '^RESULT' >"$work/$label" || true
  local searches
  searches=$(curl -s "http://127.0.0.1:$port/metrics" | awk '$1 == "banmen_engine_searches_total" { print $2 }')
  echo " engine_searches=${searches:-0}" >>"$work/$label"
  [ -n "$flood_pid" ] && { kill "$flood_pid" 2>/dev/null; wait "$flood_pid" 2>/dev/null || true; flood_pid=""; }
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
}

measure alone 0
measure flood "$rooms"

value() { tr ' \n' '\n\n' <"$work/$1" | awk -F= -v k="$2" '$1 == k { print $2; f = 1 } END { if (!f) print "-" }'; }
{
  echo "| scenario 1 ($duration s) | p50 ms | p90 ms | p99 ms | max ms | moves/s | errors | engine searches |"
  echo "|---|---|---|---|---|---|---|---|"
  for l in alone flood; do
    name=$l
    [ "$l" = flood ] && name="with $rooms computer rooms at level $level ($engine_threads engine thread(s), queue $engine_queue)"
    echo "| $name | $(value $l p50_ms) | $(value $l p90_ms) | $(value $l p99_ms) | $(value $l max_ms) | $(value $l moves_per_s) | $(value $l errors) | $(value $l engine_searches) |"
  done
} | tee ${out:+"$out"}
