#!/usr/bin/env bash
# `npm ci` in each given folder, skipped when node_modules already matches the lock file.
set -euo pipefail
for dir in "$@"; do
  stamp="$dir/node_modules/.package-lock.json"
  if [ -f "$stamp" ] && [ "$stamp" -nt "$dir/package-lock.json" ]; then
    echo "==> npm packages in $dir: up to date"
  else
    echo "==> npm ci in $dir"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
done
