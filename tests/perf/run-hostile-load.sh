#!/usr/bin/env bash
# Other rooms' moves while one address attacks the server's shared work (issue 33): the
# move latency percentiles of banmen-load's rooms with no attack, then beside each attack
# of banmen-hostile-load and of banmen-computer-flood, as a markdown table (stdout and
# --out FILE; docs/security.md, "Hostile load"). Loopback only, each run bounded in time,
# a fresh server for each. Heavy: not a ctest.
#
#   tests/perf/run-hostile-load.sh [--build DIR] [--out FILE] [--duration S] [--rooms N]
#                                  [--only quiet,check-variant,...,restart]
#                                  [--attacker-nice N]
#
# The attacker's own client runs at nice 19 (--attacker-nice, 0 to 19): an attacker's client
# runs on its own machine, so its processor time is no cost of the server's; on the two
# cores this script shares with the server it can only be pushed back, not moved away.
# The attacker speaks as 198.51.100.7 through the server's trusted proxy (127.0.0.1), so
# it has an address of its own beside banmen-load's 127.0.0.1.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build="$root/build/release"
out="" duration=20 rooms=500 attacker_nice=19
only="quiet,check-variant,review-start,review-save,computer,positions,room-opens,restart"
while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --rooms) rooms=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --attacker-nice) attacker_nice=$2; shift 2 ;;
    *) echo "error: unknown argument $1" >&2; exit 2 ;;
  esac
done
server="$build/server/banmen-server"
load="$build/server/tools/load/banmen-load"
hostile="$build/server/tools/load/banmen-hostile-load"
flood="$build/server/tools/load/banmen-computer-flood"
for bin in "$server" "$load" "$hostile" "$flood"; do
  [ -x "$bin" ] || { echo "error: $bin is not built" >&2; exit 2; }
done
ulimit -n "$(ulimit -Hn)"
work=$(mktemp -d)
server_pid="" attack_pid=""
cleanup() {
  for p in $attack_pid $server_pid; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# The attack's own command line (after --port).
attack_args() {
  # Long enough to outlast any setup; the attack is stopped once banmen-load is done.
  local a=$1 d=$((duration + 300))
  [ "$d" -le 600 ] || d=600
  case $a in
    check-variant) echo "--attack check-variant --connections 60 --rate 19 --duration $d" ;;
    review-start) echo "--attack review-start --rooms 4 --plies 120 --rate 19 --duration $d" ;;
    review-save) echo "--attack review-save --rooms 4 --plies 120 --rate 19 --duration $d" ;;
    positions) echo "--attack positions --rooms 2 --plies 400 --rate 5 --duration $d" ;;
    room-opens) echo "--attack room-opens --rooms 6 --plies 300 --connections 6 --rate 3 --settle 8 --duration $d" ;;
  esac
}
# wait_for_attack: until banmen-hostile-load says its loops are set up and attacking
# (games played, rooms gone from memory), or it ended; at most 10 minutes.
wait_for_attack() {
  for _ in $(seq 1 6000); do
    grep -q '^ATTACKING' "$work/attack.txt" 2>/dev/null && return 0
    kill -0 "$attack_pid" 2>/dev/null || return 0
    sleep 0.1
  done
}

# start_server <port>: the server on the row's data folder, once it accepts connections.
start_server() {
  # The sweep forgets a room left empty for 2 s, so room-opens loads rooms again and again.
  "$server" --bind 127.0.0.1 --port "$1" --data-dir "$work/data" --log-level warn \
    --trusted-proxies 127.0.0.1 --max-rooms-per-address 100000 \
    --max-connections 100000 --max-connections-per-address 100000 \
    --room-idle-ttl-ms 2000 >>"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && break; sleep 0.02; done
}
stop_server() {
  kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; server_pid=""
}

# measure <attack>: a fresh server, the attack (if any) given its setup time, then
# banmen-load's rooms for --duration seconds. The restart row first leaves 6 unfinished
# 300-ply grand games in the store, restarts the server and notes when /readyz says ready;
# the rooms are then replayed on the workers while banmen-load plays.
measure() {
  local a=$1 port
  port=$(free_port)
  rm -rf "$work/data"; mkdir -p "$work/data"; : >"$work/server.log"
  start_server "$port"
  local ready=""
  if [ "$a" = restart ]; then
    nice -n "$attacker_nice" "$hostile" --port "$port" --attack unfinished --rooms 6 --plies 300 \
      >"$work/attack.txt" 2>&1
    stop_server
    local t0; t0=$(date +%s%N)
    start_server "$port"
    until curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; do sleep 0.01; done
    ready=$(( ($(date +%s%N) - t0) / 1000000 ))
  fi
  if [ "$a" = computer ]; then
    nice -n "$attacker_nice" "$flood" --port "$port" --rooms 17 --level 8 \
      --duration $((duration + 40)) >"$work/attack.txt" 2>&1 &
    attack_pid=$!
  elif [ "$a" != quiet ] && [ "$a" != restart ]; then
    # shellcheck disable=SC2046
    nice -n "$attacker_nice" "$hostile" --port "$port" $(attack_args "$a") >"$work/attack.txt" 2>&1 &
    attack_pid=$!
  fi
  if [ "$a" = computer ]; then
    sleep 12  # its rooms are created and their first searches asked for
  elif [ -n "$attack_pid" ]; then
    wait_for_attack
  fi
  echo "== $a" >&2
  "$load" --port "$port" --server-pid "$server_pid" --rooms "$rooms" --pace 0.5 \
    --duration "$duration" --game chess | grep '^RESULT' >"$work/$a" || true
  if [ -n "$attack_pid" ]; then
    kill "$attack_pid" 2>/dev/null || true; wait "$attack_pid" 2>/dev/null || true; attack_pid=""
  fi
  local refused
  refused=$(curl -s "http://127.0.0.1:$port/metrics" |
    awk '$1 ~ /^banmen_refused_total\{reason="(room_work_busy|export_queue_full|api_rate|engine_per_address|message_rate|variant_check_rate)"\}$/ { sub(/banmen_refused_total\{reason="/, "", $1); sub(/"\}/, "", $1); if ($2 > 0) printf "%s%s=%s", (n++ ? ", " : ""), $1, $2 }')
  echo " refused=${refused:-none}" >>"$work/$a"
  [ -z "$ready" ] || echo " ready_ms=$ready" >>"$work/$a"
  stop_server
}

for a in ${only//,/ }; do measure "$a"; done

value() { tr ' \n' '\n\n' <"$work/$1" | awk -F= -v k="$2" '$1 == k { print $2; f = 1 } END { if (!f) print "-" }'; }
refusals() { sed -n 's/.* refused=//p' "$work/$1"; }
label() {
  case $1 in
    quiet) echo "no attack" ;;
    check-variant) echo "check_variant, 60 connections x 19/s x 16 KiB" ;;
    review-start) echo "review open/close/save, 4 rooms of 120-ply grand, 19/s each" ;;
    review-save) echo "spectators' review_save, 4 rooms of 120-ply grand, 19/s each" ;;
    computer) echo "17 level-8 computer rooms" ;;
    positions) echo "/positions of 400-ply grand games, 2 x 5/s, a new ?x= each" ;;
    room-opens) echo "6 stored 300-ply grand rooms and made-up ids opened, 6 x 3/s" ;;
    restart) echo "a restart with 6 unfinished 300-ply grand games (ready after $(value restart ready_ms) ms)" ;;
  esac
}
{
  echo "| $rooms rooms, one move each 2 s, $duration s | p50 ms | p99 ms | max ms | moves/s | errors | refused |"
  echo "|---|---|---|---|---|---|---|"
  for a in ${only//,/ }; do
    echo "| $(label "$a") | $(value "$a" p50_ms) | $(value "$a" p99_ms) | $(value "$a" max_ms) | $(value "$a" moves_per_s) | $(value "$a" errors) | $(refusals "$a") |"
  done
} | tee ${out:+"$out"}
