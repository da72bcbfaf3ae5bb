#!/bin/sh
# The shipped container files (docker/) read as text, so they are checked where no image can
# be built (CI machines without a registry): the image's HEALTHCHECK asks liveness through
# the server binary itself (exec form: no shell, no curl, never /readyz: a full disk must
# not restart the container); its run stage installs no curl, wget or Boost library and
# every library the built banmen-server needs comes from a package it installs (or from
# Debian's base); no CMake file links Boost::system (header-only since Boost 1.69); and the
# compose cluster's nginx routes with the same upstream parameters as deploy/nginx. Each
# check is also run on a broken copy, which it must refuse.
# Usage: check-docker-files.sh <source dir> <banmen-server binary>
set -eu
SRC=${1:?source dir}
BIN=${2:?banmen-server binary}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM

# The Dockerfile with continued lines joined.
joined() { sed -e ':a' -e '/\\$/N; s/\\\n/ /; ta' "$1"; }
# The run stage: from the last FROM on.
run_stage() { joined "$1" | awk '/^FROM /{buf=""} {buf=buf $0 "\n"} END{printf "%s", buf}'; }
# The packages the run stage installs (the words after `apt-get install` up to `&&`).
run_packages() {
  run_stage "$1" | grep 'apt-get install' | sed -e 's/.*apt-get install//' -e 's/&&.*//' |
    tr ' ' '\n' | grep -v -e '^-' -e '^$' || true
}
# Every `server` line's parameters, by upstream block: "<block> <parameters>", once each.
upstream_params() {
  awk '/^[ \t]*#/{next} /^upstream /{b=$2; next} /^}/{b=""}
       b != "" && /^[ \t]*server /{sub(/;.*/,""); $1=""; $2=""; sub(/^ +/,""); print b " " $0}' "$1" |
    sort -u
}

check_dockerfile() {
  hc=$(joined "$1" | grep '^HEALTHCHECK' || true)
  if [ -z "$hc" ] || [ "$(printf '%s\n' "$hc" | wc -l)" -ne 1 ]; then
    echo "not one HEALTHCHECK"
    return 1
  fi
  case "$hc" in
    *readyz* | *curl* | *wget* | *'CMD-SHELL'*)
      echo "HEALTHCHECK asks readiness or needs a shell tool: $hc"
      return 1
      ;;
    *'CMD ["/usr/local/bin/banmen-server", "healthcheck"]')
      ;;
    *)
      echo "HEALTHCHECK is not the binary's own liveness check in exec form: $hc"
      return 1
      ;;
  esac
  pkgs=$(run_packages "$1")
  [ -n "$pkgs" ] || { echo "no package list in the run stage"; return 1; }
  for p in $pkgs; do
    case "$p" in
      curl | wget | libboost*)
        echo "the run stage installs $p"
        return 1
        ;;
    esac
  done
  # The binary's own libraries (NEEDED): each from a package the run stage installs or
  # from Debian's base image (libc6, libstdc++6, libgcc-s1: apt itself needs them).
  for lib in $(objdump -p "$BIN" | awk '/NEEDED/{print $2}'); do
    case "$lib" in
      libboost*)
        echo "banmen-server needs $lib"
        return 1
        ;;
    esac
    path=$(ldd "$BIN" | awk -v l="$lib" '$1 == l {print $3}')
    [ -n "$path" ] || { echo "ldd does not find $lib"; return 1; }
    owner=$(dpkg -S "$path" 2>/dev/null || dpkg -S "/usr$path" 2>/dev/null ||
      dpkg -S "${path#/usr}" 2>/dev/null || true)
    owner=$(printf '%s\n' "$owner" | head -n 1 | sed 's/[:,].*//')
    case " libc6 libstdc++6 libgcc-s1 $(echo $pkgs) " in
      *" $owner "*) ;;
      *)
        echo "$lib ($path, package ${owner:-unknown}) is not installed by the run stage"
        return 1
        ;;
    esac
  done
  return 0
}

check() {
  if out=$("$@"); then
    echo "ok: $LABEL"
  else
    echo "FAIL: $LABEL: $out"
    exit 1
  fi
}
refused() {
  if "$@" >/dev/null; then
    echo "FAIL: $LABEL passed"
    exit 1
  fi
  echo "ok: $LABEL is refused"
}

LABEL="docker/Dockerfile: liveness HEALTHCHECK by the binary, no curl, no Boost, every library"
check check_dockerfile "$SRC/docker/Dockerfile"

LABEL="no CMake file links Boost::system"
check sh -c "! grep -rn --include=CMakeLists.txt --include='*.cmake' 'Boost::system' \
  '$SRC/server' '$SRC/common' '$SRC/tests' '$SRC/cmake' '$SRC/CMakeLists.txt'"

LABEL="docker/compose.yaml: no curl or wget, no readiness health check"
check sh -c "! grep -n -e curl -e wget -e readyz '$SRC/docker/compose.yaml'"

LABEL="docker/nginx-cluster.conf routes with deploy/nginx's upstream parameters"
upstream_params "$SRC/deploy/nginx/banmen-cluster-upstreams.conf" >"$T/deploy.txt"
upstream_params "$SRC/docker/nginx-cluster.conf" >"$T/docker.txt"
check sh -c "[ -s '$T/deploy.txt' ] && diff '$T/deploy.txt' '$T/docker.txt'"

# Broken copies: each must be refused.
sed 's/libssl3 ca-certificates/libssl3 ca-certificates curl/' "$SRC/docker/Dockerfile" >"$T/curl"
LABEL="a run stage with curl"
refused check_dockerfile "$T/curl"
sed 's|CMD \["/usr/local/bin/banmen-server", "healthcheck"\]|CMD curl -f http://127.0.0.1:8080/readyz|' \
  "$SRC/docker/Dockerfile" >"$T/readyz"
LABEL="a HEALTHCHECK on /readyz through curl"
refused check_dockerfile "$T/readyz"
sed 's/libssl3 ca-certificates/libssl3 ca-certificates libboost-system1.81.0/' \
  "$SRC/docker/Dockerfile" >"$T/boost"
LABEL="a run stage with libboost-system"
refused check_dockerfile "$T/boost"
sed 's/ libpq5//' "$SRC/docker/Dockerfile" >"$T/nolibpq"
LABEL="a run stage without libpq5"
refused check_dockerfile "$T/nolibpq"
sed '/^upstream banmen_rooms/,/^}/ s/max_fails=0/max_fails=1 fail_timeout=10s/' \
  "$SRC/docker/nginx-cluster.conf" >"$T/nginx-cluster.conf"
upstream_params "$T/nginx-cluster.conf" >"$T/docker-broken.txt"
LABEL="a compose nginx with other upstream parameters"
refused diff "$T/deploy.txt" "$T/docker-broken.txt"
