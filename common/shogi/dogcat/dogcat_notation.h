// Dog-cat's text forms: the SFEN-like position with `?` (hidden candidate) and `!` (hidden
// non-candidate) marks and the spec's hand order, and USI-style moves with the hidden drop
// `?R*2e`. Every writer takes a Sight, the set of sides whose hidden types may be shown,
// so one code path writes the true position, each side's view and a spectator's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "core/viewer.h"
#include "shogi/dogcat/dogcat_position.h"

namespace banmen::shogi {

// Whose hidden types a text may show: bit c for colour c.
using Sight = std::uint8_t;
constexpr Sight kSeeNone = 0, kSeeAll = 3;
constexpr Sight see(Color c) {
  return Sight(1u << c);
}
constexpr bool sees(Sight s, Color c) {
  return (s >> c) & 1;
}
// What `viewer` may see while the game goes on; once it is over everyone sees all.
Sight sight_of(Viewer viewer, bool game_over);

constexpr std::size_t kMaxDogcatPositionLength = 256;
// Every piece in hand, hidden: the spec's start.
constexpr std::string_view dogcat_start_position() {
  return "5/5/5/5/5 b ?K?R?B?G?S?k?r?b?g?s 1";
}

// The canonical position text. Hidden pieces the sight does not cover are `?X`/`!x` on
// the board and `?X`/`?x` in hand (one per piece).
std::string format_dogcat(const DogcatPosition& pos, Sight sight = kSeeAll);
// Reads a true position (no `X`); hand tokens in any order. Errors: bad_position.
Result<DogcatPosition> parse_dogcat(std::string_view text);

// "3e3d", "3b3a+", "R*2c", and "?R*2e" (or "?*2e" when the drop's side is not in sight).
std::string dogcat_move_text(Move m, Color mover, Sight sight = kSeeAll);
// Checks syntax and board bounds only; the answer holds just what dogcat_move_key() keeps.
// Errors: bad_move.
Result<Move> parse_dogcat_move(std::string_view text);

}  // namespace banmen::shogi
