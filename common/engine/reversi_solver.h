// The exact reversi endgame: the final disc difference (own minus opponent's, empty
// squares counted for neither, as the rules count) with perfect play from both sides.
// Alpha-beta on the disc difference, moves that leave the opponent fewest replies first.
// Practical up to about 14 empty squares within a move's time.
#pragma once

#include <cstdint>

#include "engine/search.h"
#include "reversi/position.h"

namespace banmen::engine {

struct ReversiSolution {
  reversi::Move best = reversi::kPass;
  int diff = 0;           // final own - opponent discs for the side to move
  bool complete = false;  // false when the limits stopped it (then best and diff mean nothing)
  std::uint64_t nodes = 0;
};

// The position must not be finished.
ReversiSolution solve_reversi(const reversi::Position& pos, const Limits& limits);

}  // namespace banmen::engine
