// Deeper perft against Fairy-Stockfish's counts: depth 5 for the 8x8 variants and
// capablanca, depth 4 for grand. Release builds only (tens of millions of nodes).
#include <gtest/gtest.h>

#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

TEST(FairyPerftDeep, StartPositionsMatchFairyStockfish) {
  struct Case {
    const char* variant;
    int depth;
    std::uint64_t count;
  } cases[] = {
      {"grand", 4, 15921643},        {"almost", 5, 7812388},     {"shatranj", 5, 1164248},
      {"makruk", 5, 6223994},        {"knightmate", 5, 3249033}, {"amazon", 5, 9319911},
      {"kingofthehill", 5, 4865609}, {"chess960", 5, 4865609},   {"capablanca", 5, 28741319},
  };
  for (const auto& c : cases) {
    const Rules& rules = test::builtin_rules(c.variant);
    Position pos = test::position_of(rules, "");
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " depth " << c.depth;
  }
}

}  // namespace
}  // namespace banmen::fairy
