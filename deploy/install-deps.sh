#!/usr/bin/env bash
# Installs what is missing to build Banmen (and, with `test`, to test it) on Debian 12.
# Idempotent: packages already present are skipped, so a second run costs a few seconds.
#   deploy/install-deps.sh build   compilers, libraries, Node.js for the client
#   deploy/install-deps.sh test    the above plus clang (fuzzing), Chromium (browser tests)
set -euo pipefail
mode=${1:-build}

build_pkgs=(g++ cmake ninja-build git pkg-config
            libboost1.81-dev libboost-system1.81-dev libssl-dev nlohmann-json3-dev libspdlog-dev
            libcli11-dev libsqlite3-dev libjemalloc-dev
            libgtest-dev clang-format)
test_pkgs=(clang libclang-rt-14-dev chromium sqlite3 procps)

pkgs=("${build_pkgs[@]}")
[ "$mode" = test ] && pkgs+=("${test_pkgs[@]}")
# Node.js: the machine's own if it has one (Vite needs Node 20 or newer), else Debian's.
command -v node >/dev/null 2>&1 || pkgs+=(nodejs npm)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "==> system packages: all present"
fi
