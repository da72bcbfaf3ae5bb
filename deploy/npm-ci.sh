#!/usr/bin/env bash
# Installs each given folder's npm packages exactly as its package-lock.json pins them,
# skipped when node_modules already matches the lock file.
set -euo pipefail
for dir in "$@"; do
  stamp="$dir/node_modules/.package-lock.json"
  if [ -f "$stamp" ] && [ "$stamp" -nt "$dir/package-lock.json" ]; then
    echo "==> npm packages in $dir: up to date"
    continue
  fi
  echo "==> installing npm packages in $dir"
  # Some npm 11 releases write lock files that leave out other platforms' optional
  # packages (rollup's native builds) and then refuse them in `npm ci`; `npm install
  # --no-save` installs the same pinned versions without touching the lock file.
  if ! (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error); then
    echo "==> npm ci refused the lock file in $dir; installing the pinned versions instead"
    (cd "$dir" && npm install --no-save --no-audit --no-fund --loglevel=error)
  fi
done
