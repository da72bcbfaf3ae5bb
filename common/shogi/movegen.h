// Fast legal move generation for shogi and minishogi. Pins and checks are found once per
// position from the king outwards, so almost no move needs to be made to be tested: a
// pinned piece moves only along its pin line, a check is answered only by king moves,
// captures of the checker or interpositions, and only a pawn drop right in front of the
// enemy king is played out (to rule out uchifuzume). Equal to generate_legal_reference().
#pragma once

#include <cstdint>

#include "shogi/move_list.h"
#include "shogi/position.h"

namespace banmen::shogi {

// The legal moves of the side to move. `pos` is used as scratch and comes back unchanged.
void generate_legal(Position& pos, MoveList& out);
bool has_legal_move(Position& pos);
// Leaf positions after exactly `depth` legal moves (counts every optional non-promotion).
std::uint64_t perft(Position& pos, int depth);

}  // namespace banmen::shogi
