#!/usr/bin/env bash
# Installs what is missing to build Banmen (and, with `test`, to test it) on Debian 12.
# Idempotent: packages already present are skipped, so a second run costs a few seconds.
#   deploy/install-deps.sh build   compilers, libraries, Node.js for the client
#   deploy/install-deps.sh test    the above plus clang and lld (the sanitizer build and its
#                                  fuzzers),
#                                  Chromium (browser tests),
#                                  PostgreSQL 15 (the PostgreSQL store's tests), nginx and
#                                  openssl (deploy/nginx's config is checked and run by the
#                                  tests), unzip and python3 (independent readers of the
#                                  series zip)
set -euo pipefail
mode=${1:-build}

build_pkgs=(g++ cmake ninja-build git pkg-config
            libboost1.81-dev libssl-dev nlohmann-json3-dev libspdlog-dev
            libcli11-dev libsqlite3-dev libjemalloc-dev libpq-dev
            libgtest-dev clang-format)
test_pkgs=(clang libclang-rt-14-dev lld chromium sqlite3 procps postgresql nginx openssl unzip python3)

pkgs=("${build_pkgs[@]}")
[ "$mode" = test ] && pkgs+=("${test_pkgs[@]}")
# Node.js: the machine's own if it has one, else Debian's (18.19 or newer: the client's tools
# are chosen to run on it).
command -v node >/dev/null 2>&1 || pkgs+=(nodejs npm)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "==> missing Debian packages: ${missing[*]}" >&2
    echo "    installing them needs root: run this again as root (or with sudo)," >&2
    echo "    or install them yourself with apt-get and run it again." >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  echo "==> updating the package lists (apt-get update)"
  apt-get update -qq
  echo "==> installing ${#missing[@]} Debian packages (a few minutes on a new machine): ${missing[*]}"
  apt-get install -y -q --no-install-recommends "${missing[@]}" |
    grep --line-buffered -E '^(Unpacking|Setting up) ' | sed -u 's/^/    /' || true
  for p in "${missing[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
      { echo "==> apt-get could not install $p" >&2; exit 1; }
  done
else
  echo "==> system packages: all present"
fi

# The client's build tools (Vite 6, Vitest 3) need Node.js 18.19 or newer.
if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>18||(a===18&&b>=19)?0:1)'; then
  echo "==> Node.js $(node --version) is too old: the client's tools need 18.19 or newer" >&2
  echo "    (Debian 12's own nodejs package is new enough)" >&2
  exit 1
fi
