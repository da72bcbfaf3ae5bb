#!/bin/sh
# Browser proof of the web client (run by ctest, label integration; bounded in time).
# Builds the client if needed, starts banmen-server on a free loopback port, and drives Debian's
# Chromium with playwright-core through games.mjs, extras.mjs, setups.mjs, hands.mjs, replay.mjs,
# review.mjs, import.mjs, computer.mjs and moving.mjs. Screenshots: build/test-artifacts/browser.
# Usage: run-browser-tests.sh <source dir> <server binary or ""> [fairy|families|lasting|random|analysis]
#   (with "fairy": the fairy-chess proof, fairy.mjs, instead of games.mjs and extras.mjs;
#    with "families": fairy-families.mjs, the variants with pockets, gates and palaces,
#    then fairy-duck.mjs, duck chess's two-step moves;
#    with "analysis": analysis.mjs, the computer's analysis of chess, shogi and reversi games;
#    with "myrooms": my-rooms.mjs, the "My rooms" page, its title count and notifications;
#    with "lasting": lasting.mjs, which runs, restarts and kills its own server;
#    with "random": random play through real input, random.mjs; BANMEN_RANDOM_GAMES=<n>
#    makes it the long run, whose time limit is then BANMEN_RANDOM_MINUTES, default 38, and
#    whose server lets one address keep as many rooms as it makes: its rooms stay in
#    memory half an hour after their last game)
set -eu
SRC=${1:?source dir}
SERVER_BIN=${2:-}
WHICH=${3:-games}
HERE="$SRC/tests/browser"
export BANMEN_ARTIFACTS="${BANMEN_ARTIFACTS:-$SRC/build/test-artifacts/browser}"
mkdir -p "$BANMEN_ARTIFACTS"

[ -x /usr/bin/chromium ] || { echo "chromium not installed: skipping"; exit 77; }
command -v node >/dev/null || { echo "node not installed: skipping"; exit 77; }

# Test tools (playwright-core, chess.js, shogiops) come from tests/js.
if [ ! -d "$SRC/tests/js/node_modules/playwright-core" ]; then
  (cd "$SRC/tests/js" && npm ci --no-audit --no-fund >/dev/null)
fi
ln -sfn ../js/node_modules "$HERE/node_modules"
# The client's own test readers (jsQR, axe-core) are its dev dependencies.
if [ ! -d "$SRC/client-web/node_modules/jsqr" ] || [ ! -d "$SRC/client-web/node_modules/axe-core" ]; then
  bash "$SRC/deploy/npm-ci.sh" "$SRC/client-web" >/dev/null
fi
if [ ! -f "$SRC/client-web/dist/index.html" ]; then
  (cd "$SRC/client-web" && { [ -d node_modules ] || npm ci --no-audit --no-fund >/dev/null; } && npm run build >/dev/null)
fi

PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
[ -n "$SERVER_BIN" ] && [ -x "$SERVER_BIN" ] || { echo "banmen-server not built: skipping"; exit 77; }
if [ "$WHICH" = lasting ]; then
  cd "$HERE"
  exec timeout 200 node lasting.mjs "$SERVER_BIN" "$SRC/client-web/dist"
fi
if [ "$WHICH" = correspondence ]; then
  cd "$HERE"
  exec timeout 200 node correspondence.mjs "$SERVER_BIN" "$SRC/client-web/dist"
fi

ROOMS=100
[ "$WHICH" != random ] || [ -z "${BANMEN_RANDOM_GAMES:-}" ] || ROOMS=100000
DATA=$(mktemp -d)
echo "using $SERVER_BIN"
# Two minutes for each side's first move instead of the default 30 s: the proofs stop between
# moves for their checks and screenshots, and on a machine as busy as CI's such a pause
# once passed 30 s and the game was aborted under them. The window itself is tested by the
# server's RoomFirstMove suite.
"$SERVER_BIN" --bind 127.0.0.1 --port "$PORT" --static-dir "$SRC/client-web/dist" --data-dir "$DATA" --max-rooms-per-address "$ROOMS" \
  --first-move-ms 120000 >"$BANMEN_ARTIFACTS/server-$WHICH.out" 2>&1 &
SERVER_PID=$!
trap 'kill $SERVER_PID 2>/dev/null || true; rm -rf "$DATA"' EXIT INT TERM

i=0
until node -e "fetch('http://127.0.0.1:$PORT/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; do
  i=$((i + 1))
  [ $i -lt 50 ] || { echo "server did not start"; cat "$BANMEN_ARTIFACTS/server-$WHICH.out"; exit 1; }
  sleep 0.2
done
cd "$HERE"
if [ "$WHICH" = fairy ]; then
  timeout 200 node fairy.mjs "http://127.0.0.1:$PORT"
  exit
fi
if [ "$WHICH" = analysis ]; then
  timeout 300 node analysis.mjs "http://127.0.0.1:$PORT"
  exit
fi
if [ "$WHICH" = myrooms ]; then
  timeout 150 node my-rooms.mjs "http://127.0.0.1:$PORT"
  exit
fi
if [ "$WHICH" = families ]; then
  timeout 420 node fairy-families.mjs "http://127.0.0.1:$PORT"
  timeout 120 node fairy-duck.mjs "http://127.0.0.1:$PORT"
  exit
fi
if [ "$WHICH" = random ]; then
  LIMIT=420
  [ -z "${BANMEN_RANDOM_GAMES:-}" ] || LIMIT=$(( ${BANMEN_RANDOM_MINUTES:-38} * 60 + 300 ))
  timeout "$LIMIT" node random.mjs "http://127.0.0.1:$PORT"
  exit
fi
# step <seconds> <script>: one proof, bounded in time; its time is printed (the suite's
# whole time is ctest's). extras.mjs runs axe-core over a room of every game in two
# languages and themes, the heaviest CPU of these: 93 s idle, past 260 s with four suites
# and a build beside it, hence its wider bound.
step() {
  start=$(date +%s)
  timeout "$1" node "$2" "http://127.0.0.1:$PORT"
  echo "== $2: $(( $(date +%s) - start )) s"
}
step 280 games.mjs
step 400 extras.mjs
step 120 setups.mjs
step 150 hands.mjs
step 200 replay.mjs
step 120 review.mjs
step 60 import.mjs
step 150 computer.mjs
step 120 moving.mjs
