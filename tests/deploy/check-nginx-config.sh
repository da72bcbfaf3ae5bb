#!/bin/sh
# The shipped nginx configuration (deploy/nginx) as Debian's nginx reads it: the one-server
# TLS site, the several-servers TLS site with its upstream and locations files (and again
# with every commented per-address limit turned on), and the locations file included by a
# plain test server as an end-to-end test does. `nginx -t` as an unprivileged user: pid,
# temp folders and logs in a temporary folder, a throwaway self-signed certificate.
# Usage: check-nginx-config.sh <source dir> <nginx> <openssl>
set -eu
SRC=${1:?source dir}
NGINX=${2:?nginx}
OPENSSL=${3:?openssl}
CONF="$SRC/deploy/nginx"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT INT TERM

"$OPENSSL" req -x509 -newkey rsa:2048 -nodes -keyout "$T/key.pem" -out "$T/cert.pem" -days 1 \
  -subj /CN=banmen.test >/dev/null 2>&1

# A top-level nginx.conf around one http-level file.
top() {
  cat >"$T/top-$1.conf" <<TOP
pid $T/nginx.pid;
error_log $T/error.log;
events { worker_connections 64; }
http {
  client_body_temp_path $T/body; proxy_temp_path $T/proxy; fastcgi_temp_path $T/fastcgi;
  uwsgi_temp_path $T/uwsgi; scgi_temp_path $T/scgi;
  access_log off;
  include $2;
}
TOP
}
# The operator's paths replaced by this folder's.
local_paths() {
  sed -e "s|/etc/nginx/banmen/|$T/banmen/|" \
      -e "s|/etc/letsencrypt/live/banmen.example.org/fullchain.pem|$T/cert.pem|" \
      -e "s|/etc/letsencrypt/live/banmen.example.org/privkey.pem|$T/key.pem|"
}
check() {
  if ! "$NGINX" -t -q -c "$T/top-$1.conf"; then
    echo "FAIL: $2"
    exit 1
  fi
  echo "ok: $2"
}

mkdir -p "$T/banmen"
cp "$CONF/banmen-cluster-upstreams.conf" "$CONF/banmen-cluster-locations.conf" "$T/banmen/"

local_paths <"$CONF/banmen.conf" >"$T/single.conf"
top single "$T/single.conf"
check single "banmen.conf (one server)"

local_paths <"$CONF/banmen-cluster.conf" >"$T/cluster.conf"
top cluster "$T/cluster.conf"
check cluster "banmen-cluster.conf with its upstreams and locations"

# Every commented limit_* directive turned on: they must be right when an operator does.
grep -q '^# limit_req_zone' "$CONF/banmen-cluster.conf"
grep -q '^    # limit_req zone=' "$CONF/banmen-cluster-locations.conf"
sed -E 's/^# (limit_)/\1/' "$T/cluster.conf" >"$T/cluster-limits.conf"
sed -E 's/^    # (limit_)/    \1/' "$CONF/banmen-cluster-locations.conf" >"$T/banmen/banmen-cluster-locations.conf"
top limits "$T/cluster-limits.conf"
check limits "banmen-cluster.conf with the per-address limits on"

# What an end-to-end test provides: its own upstreams (the two names) and a plain listener
# including the shipped locations verbatim.
cat >"$T/e2e.conf" <<E2E
upstream banmen_rooms {
    hash \$arg_room consistent;
    server 127.0.0.1:1 max_fails=1 fail_timeout=2s;
    server 127.0.0.1:2 max_fails=1 fail_timeout=2s;
}
upstream banmen_any {
    server 127.0.0.1:1 max_fails=1 fail_timeout=2s;
    server 127.0.0.1:2 max_fails=1 fail_timeout=2s;
}
server {
    listen 127.0.0.1:1;
    include $CONF/banmen-cluster-locations.conf;
}
E2E
top e2e "$T/e2e.conf"
check e2e "banmen-cluster-locations.conf included by a test's own server"

# A location file that does not parse alone is caught (the check can fail).
printf 'location = /ws { proxy_pass http://banmen_rooms\n' >"$T/banmen/banmen-cluster-locations.conf"
top broken "$T/cluster.conf"
if "$NGINX" -t -q -c "$T/top-broken.conf" 2>/dev/null; then
  echo "FAIL: a broken locations file passed"
  exit 1
fi
echo "ok: a broken locations file is refused"
