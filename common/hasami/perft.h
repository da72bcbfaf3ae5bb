// Move-path enumeration on the concrete types: positions reached after exactly `depth`
// moves, where a finished game (by any of the end rules) has no moves.
#pragma once

#include <cstdint>

#include "hasami/rules.h"

namespace banmen::hasami {

// `history` ends with `p`; it is used as scratch and left as it was.
std::uint64_t perft(const Position& p, int depth, PositionHistory& history);

}  // namespace banmen::hasami
