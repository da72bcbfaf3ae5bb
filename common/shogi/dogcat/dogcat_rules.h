// The end of a dog-cat game, checked after every move in exactly the spec's order:
//   1 the mover captured the enemy king           -> mover wins     (king_captured)
//   2 the mover has no king candidate on the board -> mover loses    (no_king_proven)
//   3 the opponent has none                        -> opponent loses (no_king_proven)
//     (2 and 3 apply to a side only once it has finished its first turn)
//   4 the fourth occurrence of the position        -> draw           (repetition)
//   5 the move number has reached 257              -> draw           (move_limit)
//   6 the side to move has no legal move           -> it loses       (no_legal_moves)
// The "mover" is the side that is not to move. For a position loaded from text, with no
// move before it, the same checks read the position as it stands.
#pragma once

#include <cstdint>
#include <vector>

#include "core/outcome.h"
#include "shogi/dogcat/dogcat_position.h"

namespace banmen::shogi {

// The reason codes of the spec.
namespace dogcat_reason {
inline constexpr const char* king_captured = "king_captured";
inline constexpr const char* no_king_proven = "no_king_proven";
inline constexpr const char* repetition = "repetition";
inline constexpr const char* move_limit = "move_limit";
inline constexpr const char* no_legal_moves = "no_legal_moves";
}  // namespace dogcat_reason

constexpr int kDogcatMoveLimit = 256;  // plies; the game is drawn when they are all played

// Checks 1 to 5. `earlier` holds the keys of the positions before this one.
Outcome judge_dogcat_before_moves(const DogcatPosition& pos,
                                  const std::vector<std::uint64_t>& earlier);
// All six checks.
Outcome judge_dogcat(const DogcatPosition& pos, const std::vector<std::uint64_t>& earlier);

}  // namespace banmen::shogi
