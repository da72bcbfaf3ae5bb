// perft of the start position for depths 0..10, as the spec publishes them.
#pragma once

#include <cstdint>

namespace reversi_test {

inline constexpr std::uint64_t kStartCounts[] = {1,    4,     12,     56,      244,     1396,
                                                 8200, 55092, 390216, 3005288, 24571056};

}  // namespace reversi_test
