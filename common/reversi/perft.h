// Move-path enumeration on the concrete position type, as the spec counts it: a forced pass
// is one move, a finished game has no moves.
#pragma once

#include <cstdint>

#include "reversi/position.h"

namespace banmen::reversi {

std::uint64_t perft(const Position& p, int depth);

}  // namespace banmen::reversi
