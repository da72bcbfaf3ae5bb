#!/usr/bin/env bash
# A small bounded run of banmen-load against the bare relay (and against banmen-server
# when it is built), so the performance tools keep working. Fails when a run reports an
# error, an incomplete setup or no moves at all.
#   smoke_test.sh <banmen-load> <banmen-relay> [banmen-server]
set -euo pipefail
load=$1 relay=$2 server=${3:-}
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# wait_for_line <file> <pattern>: the first matching line, within 20 s.
wait_for_line() {
  for _ in $(seq 1 200); do
    if grep -m1 -E "$2" "$1" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "timed out waiting for '$2' in $1" >&2
  cat "$1" >&2
  return 1
}

"$relay" --port 0 >"$work/relay.out" 2>&1 &
pids+=($!)
relay_port=$(wait_for_line "$work/relay.out" '^listening ' | sed -E 's/.*:([0-9]+)$/\1/')

echo "== relay: 20 rooms, 1 spectator each, 5 s at 4 moves/s per room"
timeout 60 "$load" --target relay --port "$relay_port" --rooms 20 --spectators 1 --pace 4 \
  --duration 5 --server-pid "${pids[0]}" | tee "$work/relay.txt"
grep -qE '^RESULT .* moves=[1-9][0-9]* ' "$work/relay.txt"
grep -qE ' errors=0( |$)' "$work/relay.txt"

if [ -n "$server" ]; then
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  mkdir -p "$work/data"
  "$server" --bind 127.0.0.1 --port "$port" --data-dir "$work/data" --log-level warn \
    --max-rooms-per-address 1000 --max-connections-per-address 100000 >"$work/server.out" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
    sleep 0.1
  done
  echo "== server: 20 rooms, 1 spectator each, 5 s at 4 moves/s per room, every game"
  timeout 60 "$load" --target server --port "$port" --rooms 20 --spectators 1 --pace 4 \
    --duration 5 --game mix --server-pid "${pids[1]}" | tee "$work/server.txt"
  grep -qE '^RESULT .* moves=[1-9][0-9]* ' "$work/server.txt"
  grep -qE ' errors=0( |$)' "$work/server.txt"
fi
echo "smoke ok"
