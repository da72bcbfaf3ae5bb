#!/usr/bin/env bash
# Lists the string literals that name a built-in game ("shogi", "chess", "capablanca", ...)
# written outside common/: in the server's sources and in the browser client's. A game's
# facts live with the game (GameInfo, sent in welcome.games), so the server and the client
# read facts instead of testing ids. Fails when the list differs from the allow-list
# beside this script, so a new literal is a decision, and a removed one shrinks the list.
#   game_id_literals_test.sh <repository root> [--print]
set -u
root=${1:?usage: game_id_literals_test.sh <repository root> [--print]}
allow="$(dirname "$0")/game_id_literals.allow"
cd "$root" || exit 2

# The ids: each registry line's id, and each built-in fairy variant's section name.
ids=$( (grep -oE '^ *\{"[a-z0-9]+", ' common/games/registry.cpp | grep -oE '[a-z0-9]+';
        grep -oE '^\[[a-z0-9]+' common/fairy/variants.ini | tr -d '[') | sort -u)
[ -n "$ids" ] || { echo "no game ids found in common/games/registry.cpp"; exit 2; }
alternatives=$(echo "$ids" | paste -sd'|')

# Each literal once per file and quote kind, with how often it occurs; // comments skipped.
found=$(find server client-web/src -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.ts' \
          -o -name '*.css' -o -name '*.html' \) | sort | while read -r file; do
  sed 's#//.*##' "$file" | grep -oE "[\"'\`]($alternatives)[\"'\`]" | tr "'\`" '""' \
    | sort | uniq -c | awk -v f="$file" '{print f " " $2 " " $1}'
done)

if [ "${2:-}" = "--print" ]; then
  echo "$found"
  exit 0
fi
if ! diff <(grep -vE '^(#|$)' "$allow") <(echo "$found") > /tmp/game_id_literals.$$; then
  echo "game-id literals outside common/ differ from $allow"
  echo "(< allowed, > found: file, literal, count). Read the game's facts (GameInfo,"
  echo "welcome.games) instead of naming it; or, if a literal must stay, add it there."
  cat /tmp/game_id_literals.$$
  rm -f /tmp/game_id_literals.$$
  exit 1
fi
rm -f /tmp/game_id_literals.$$
echo "$(echo "$found" | awk '{n += $3} END {print n}') game-id literals outside common/, all allowed"
