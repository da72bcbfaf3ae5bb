#!/usr/bin/env bash
# Fails if any C++ file of ours is not clang-formatted (fix with: clang-format -i <file>).
# The files go to clang-format in batches (one process per file spent most of this check's
# time starting processes); each unformatted file is named once from its diagnostics.
set -u
fmt=${1:?clang-format}; root=${2:?root}
cd "$root" || exit 2
list() { git ls-files -z -- '*.h' '*.hpp' '*.cpp' 2>/dev/null ||
           find common server tests \( -name '*.[ch]pp' -o -name '*.h' \) -print0; }
# --Werror makes every violation a diagnostic "<file>:<line>:<col>: error: ..." on stderr.
report=$(list | xargs -0 -n 100 "$fmt" --dry-run --Werror 2>&1 >/dev/null)
status=$?
bad=$(sed -nE 's/^(.+):[0-9]+:[0-9]+: (error|warning): .*/\1/p' <<<"$report" | sort -u)
if [ -n "$bad" ]; then
  sed 's/^/not formatted: /' <<<"$bad"
  exit 1
fi
if [ $status -ne 0 ]; then
  echo "clang-format failed:"; echo "$report" | head -20
  exit 1
fi
echo "all C++ files are formatted"
