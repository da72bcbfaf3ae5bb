#!/usr/bin/env bash
# Installs what is missing, builds two configurations and runs every test once:
#   1. release: what needs an optimised build or compiles nothing of ours: the browser
#               proof, deep perft, the computer's legal-games runs, 200 rooms, kill -9 and
#               failover runs, the load tools, formatting and the client's unit tests
#               (configured with BANMEN_RELEASE_ONLY_TESTS)
#   2. asan:    every other suite, unit to integration, and every libFuzzer target for a
#               bounded time, under AddressSanitizer + UndefinedBehaviorSanitizer (clang)
# No suite is built and run twice (tests/CMakeLists.txt says which build runs what). A test
# that is skipped or left unregistered counts as a failure: every configure runs with
# BANMEN_REQUIRE_ALL_TESTS (a missing test dependency stops it), and the suites ctest knows
# are compared with tests/expected-suites.txt.
# Ends with one summary line "N passed, N failed, N skipped" over both runs.
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

passed=0; failed=0; skipped=0; broken=()
log_dir="$root/build/test-logs"; mkdir -p "$log_dir"

# suites_known <preset>: the suite names ctest would run (a GoogleTest name up to its dot).
suites_known() {
  ctest --preset "$1" -N 2>/dev/null | sed -nE 's/^ *Test +#[0-9]+: (.*)$/\1/p' |
    awk '{ i = index($0, "."); print (i > 0 ? substr($0, 1, i - 1) : $0) }' | sort -u
}

# check_suites <preset>: what ctest knows equals what tests/expected-suites.txt names.
check_suites() {
  local preset=$1 want have
  want=$(awk -v p="$preset" '!/^#/ && NF { for (i = 2; i <= NF; i++) if ($i == p) print $1 }' \
           tests/expected-suites.txt | sort -u)
  have=$(suites_known "$preset")
  if [ "$want" != "$have" ]; then
    echo "==> [$preset] the suites ctest knows differ from tests/expected-suites.txt:"
    diff <(echo "$want") <(echo "$have") | sed -nE 's/^< /    missing: /p; s/^> /    not listed: /p'
    broken+=("$preset: suite list"); failed=$((failed + 1))
  fi
}

# configure <preset> [cmake options]: configure one build; 1 (counted as a failure) if it fails.
configure() {
  local preset=$1 cfg="$log_dir/$1-configure.log"
  shift
  echo "==> [$preset] configure (at ${SECONDS} s)"
  if ! cmake --preset "$preset" -DBANMEN_REQUIRE_ALL_TESTS=ON "$@" >"$cfg" 2>&1; then
    cat "$cfg"; echo "==> [$preset] configure FAILED"
    broken+=("$preset configure"); failed=$((failed + 1)); return 1
  fi
  grep -A4 "CMake Warning" "$cfg" || true
}

# build <preset>: build everything the configure registered; 1 if it fails.
build() {
  echo "==> [$1] build (at ${SECONDS} s)"
  cmake --build --preset "$1" -j "$jobs" && return 0
  echo "==> [$1] build FAILED"; broken+=("$1 build"); failed=$((failed + 1)); return 1
}

# run_tests <preset> [parallel tests]: the suite list check and ctest; adds ctest's counts to
# the totals.
run_tests() {
  local preset=$1 log="$log_dir/$1.log" parallel=${2:-$jobs}
  check_suites "$preset"
  echo "==> [$preset] ctest (at ${SECONDS} s)"
  ctest --preset "$preset" -j "$parallel" 2>&1 | tee "$log"
  local line; line=$(grep -E 'tests passed, [0-9]+ tests? failed out of' "$log" | tail -1)
  if [ -z "$line" ]; then broken+=("$preset ctest"); failed=$((failed + 1)); return; fi
  local total f s
  total=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line")
  f=$(sed -E 's/.*passed, ([0-9]+) tests? failed.*/\1/' <<<"$line")
  # ctest counts a skipped test as passed; its "did not run" list names each one.
  s=$(sed -n '/^The following tests did not run:/,/^$/p' "$log" | grep -cE '\((Skipped|Disabled)\)$')
  passed=$((passed + total - f - s)); failed=$((failed + f)); skipped=$((skipped + s))
  # Name the failures in the summary: on a machine whose logs go away, that line is all.
  local names; names=$(sed -n '/^The following tests FAILED:/,/^Errors while running CTest/p' "$log" |
    sed -nE 's/^[[:space:]]*[0-9]+ - ([^ ]+).*/\1/p' | paste -sd, -)
  [ "$f" -eq 0 ] || broken+=("$preset: $f failed (${names//,/, })")
  [ "$s" -eq 0 ] || broken+=("$preset: $s skipped")
}

release_ok=0; asan_ok=0
configure release -DBANMEN_RELEASE_ONLY_TESTS=ON && build release && release_ok=1
configure asan && asan_ok=1

# The release suites spend much of their time waiting (browsers, servers, timeouts), so the
# sanitizer build runs beside them at the lowest priority: it takes only the CPU the tests
# leave idle, and the tests see a busy machine, as they must tolerate anyway.
asan_build_log="$log_dir/asan-build.log"
if [ $asan_ok = 1 ]; then
  echo "==> [asan] build, in the background while the release suites run (log: $asan_build_log)"
  # Its own process group, so that an interrupted run stops the build too. A new session is
  # also a new scheduler autogroup, between which Linux shares the CPU evenly whatever each
  # process's nice value, so the session's own autogroup is lowered too where the kernel has one.
  setsid sh -c 'echo 19 >/proc/self/autogroup 2>/dev/null; exec nice -n 19 "$@"' sh \
    cmake --build --preset asan -j "$jobs" >"$asan_build_log" 2>&1 &
  asan_build_pid=$!
  trap 'kill -TERM -- "-$asan_build_pid" 2>/dev/null' EXIT
fi
[ $release_ok = 1 ] && run_tests release
if [ $asan_ok = 1 ]; then
  echo "==> [asan] waiting for the sanitizer build (at ${SECONDS} s)"
  if wait "$asan_build_pid"; then
    trap - EXIT
    tail -1 "$asan_build_log"
    # Twice as many tests as cores: many of these wait on the servers they start, so with
    # one test a core the CPU was idle a fifth of the time (439 s against 370 s, 2 cores).
    run_tests asan $((jobs * 2))
  else
    grep -B2 -A30 -m3 -E 'FAILED:|error:' "$asan_build_log" || tail -50 "$asan_build_log"
    echo "==> [asan] build FAILED"; broken+=("asan build"); failed=$((failed + 1))
  fi
fi

echo
[ ${#broken[@]} -gt 0 ] && echo "failures: ${broken[*]}"
echo "==> done in ${SECONDS} s"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$skipped" -eq 0 ]
