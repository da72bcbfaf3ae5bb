#!/usr/bin/env bash
# Fails on an include between server folders that server/layers.txt does not allow (one
# that goes back up a layer), on a server folder the table does not place, and on a table
# line that allows a folder placed above it (which would allow a cycle).
set -u
server=${1:?usage: layers_test.sh <server-dir> <layers-file>}
table=${2:?usage: layers_test.sh <server-dir> <layers-file>}
declare -A allowed line_of
n=0 failed=0
while IFS= read -r line; do
  line=${line%%#*}
  [[ $line =~ ^[[:space:]]*$ ]] && continue
  folder=${line%%:*}
  folder=${folder//[[:space:]]/}
  allowed[$folder]=" ${line#*:} "
  line_of[$folder]=$((n++))
done <"$table"

# Each allowed folder must stand on a later line: the table is then an order, with no cycle.
for folder in "${!allowed[@]}"; do
  for lower in ${allowed[$folder]}; do
    if [ -z "${line_of[$lower]+x}" ] || [ "${line_of[$lower]}" -le "${line_of[$folder]}" ]; then
      echo "$table: $folder may include $lower, which is not on a line below it"
      failed=1
    fi
  done
done
for dir in "$server"/*/; do
  folder=$(basename "$dir")
  if [ -z "${allowed[$folder]+x}" ]; then
    echo "$table: server/$folder has no line (place it among the layers)"
    failed=1
  fi
done

# Every quoted include whose first part names a server folder holding that file.
while IFS= read -r hit; do
  file=${hit%%:*}
  rest=${hit#*:}
  lineno=${rest%%:*}
  [[ ${rest#*:} =~ include[[:space:]]*\"([^\"]+)\" ]] || continue
  target=${BASH_REMATCH[1]}
  to=${target%%/*}
  [ "$to" = "$target" ] && continue        # a file beside this one
  [ -f "$server/$target" ] || continue     # the rules core's (common/), not a server folder's
  rel=${file#"$server"/}
  from=${rel%%/*}
  [ "$from" = "$rel" ] && from=main
  [ "$from" = "$to" ] && continue
  if [[ "${allowed[$from]-}" != *" $to "* ]]; then
    echo "$rel:$lineno includes $target: $from may not include $to (server/layers.txt)"
    failed=1
  fi
done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$server" \
           --include='*.h' --include='*.hpp' --include='*.cpp')

if [ "$failed" -ne 0 ]; then exit 1; fi
echo "every include between server folders goes down a layer"
