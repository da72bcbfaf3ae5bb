#!/usr/bin/env bash
# Installs what is missing, builds everything once per configuration and runs every test:
#   1. release: unit, perft, differential, integration and browser tests
#   2. asan:    the same suites under AddressSanitizer + UndefinedBehaviorSanitizer
#               (deep perft labelled release_only is skipped there)
#   3. fuzz:    every libFuzzer target for a bounded time (clang)
# Ends with one summary line "N passed, N failed" over all three runs.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
jobs=$(nproc 2>/dev/null || echo 2)

bash deploy/install-deps.sh test || exit 1
npm_dirs=()
for d in client-web tests/js tests/browser; do [ -f "$d/package-lock.json" ] && npm_dirs+=("$d"); done
bash deploy/npm-ci.sh "${npm_dirs[@]}" || exit 1
if [ -f client-web/package.json ]; then
  echo "==> building the browser client"
  (cd client-web && npm run build --silent) || exit 1
fi

passed=0; failed=0; broken=()
log_dir="$root/build/test-logs"; mkdir -p "$log_dir"

# run_suite <preset>: configure, build, test; adds ctest's counts to the totals.
run_suite() {
  local preset=$1 log="$log_dir/$1.log"
  echo "==> [$preset] configure and build"
  if ! { cmake --preset "$preset" >/dev/null && cmake --build --preset "$preset" -j "$jobs"; }; then
    echo "==> [$preset] build FAILED"; broken+=("$preset build"); failed=$((failed + 1)); return
  fi
  echo "==> [$preset] ctest"
  ctest --preset "$preset" -j "$jobs" 2>&1 | tee "$log"
  local line; line=$(grep -E 'tests passed, [0-9]+ tests? failed out of' "$log" | tail -1)
  if [ -z "$line" ]; then broken+=("$preset ctest"); failed=$((failed + 1)); return; fi
  local total f
  total=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line")
  f=$(sed -E 's/.*passed, ([0-9]+) tests? failed.*/\1/' <<<"$line")
  passed=$((passed + total - f)); failed=$((failed + f))
  [ "$f" -eq 0 ] || broken+=("$preset: $f failed")
}

run_suite release
run_suite asan
run_suite fuzz

echo
[ ${#broken[@]} -gt 0 ] && echo "failures: ${broken[*]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
