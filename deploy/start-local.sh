#!/usr/bin/env bash
# Installs what is missing, builds the server and the browser client, and starts Banmen on
# http://localhost:8080 with its embedded SQLite store under ./data.
# Extra arguments go to banmen-server (see `banmen-server --help`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

bash deploy/install-deps.sh build
bash deploy/npm-ci.sh client-web
echo "==> building the browser client"
(cd client-web && npm run build --silent)
echo "==> building the server"
cmake --preset release >/dev/null
cmake --build --preset release --target banmen-server banmen-rules
echo "==> starting banmen-server on http://localhost:8080 (Ctrl-C stops it)"
exec build/release/server/banmen-server --port 8080 --data-dir "$root/data" \
  --static-dir "$root/client-web/dist" "$@"
