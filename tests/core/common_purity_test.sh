#!/usr/bin/env bash
# Fails if any source of the rules core includes an I/O or server library header.
# (The link-level twin of this check is banmen_forbid_io_dependencies in cmake/.)
set -u
dir=${1:?usage: common_purity_test.sh <common-dir>}
pattern='#\s*include\s*[<"](boost/|spdlog/|sqlite3|CLI/|iostream|fstream|cstdio|stdio\.h|filesystem|thread|mutex|unistd\.h|sys/)'
hits=$(grep -rnE "$pattern" "$dir" --include='*.h' --include='*.hpp' --include='*.cpp' \
        | grep -vE '/codec/.*nlohmann' || true)
if [ -n "$hits" ]; then
  echo "the rules core must not include I/O or server headers:"
  echo "$hits"
  exit 1
fi
echo "common/ is free of I/O and server headers"
