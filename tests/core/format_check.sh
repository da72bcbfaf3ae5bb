#!/usr/bin/env bash
# Fails if any C++ file of ours is not clang-formatted (fix with: clang-format -i <file>).
set -u
fmt=${1:?clang-format}; root=${2:?root}
cd "$root" || exit 2
files=$(git ls-files -- '*.h' '*.hpp' '*.cpp' 2>/dev/null || find common server tests -name '*.[ch]pp' -o -name '*.h')
bad=0
for f in $files; do
  if ! "$fmt" --dry-run --Werror "$f" >/dev/null 2>&1; then echo "not formatted: $f"; bad=1; fi
done
[ $bad -eq 0 ] && echo "all C++ files are formatted"
exit $bad
