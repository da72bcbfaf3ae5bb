// Legal move generation: pins and the check mask are found once per position by scanning
// each rider direction from the king, so every generated move is legal without trying it.
#pragma once

#include <cstdint>

#include "chess/position.h"
#include "chess/types.h"

namespace banmen::chess {

// Appends every legal move of the side to move (promotions once per piece, castling as
// the king's two-square move).
void generate_legal(const Position& pos, MoveList& out);

// Positions reached after exactly `depth` moves, counting the move tree only (the
// automatic draws do not stop it, as published perft counts assume).
std::uint64_t perft(const Position& pos, int depth);

}  // namespace banmen::chess
