// Deeper perft against Fairy-Stockfish's counts: depth 5 for the 8x8 variants and
// capablanca, depth 4 for grand and the xiangqi family. Release builds only (tens of
// millions of nodes).
#include <gtest/gtest.h>

#include "fairy/factory.h"
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

// Fairy-Stockfish's catalogue by name: xiangqi's family, the grasshopper and janggi (xiangqi's
// 3,290,240 is also the published count).
TEST(FairyPerftDeep, CatalogueStartPositionsMatchFairyStockfish) {
  struct Case {
    const char* variant;
    int depth;
    std::uint64_t count;
  } cases[] = {
      {"xiangqi", 4, 3290240},    {"minixiangqi", 4, 127164}, {"manchu", 4, 798554},
      {"grasshopper", 4, 635298}, {"janggi", 4, 1065277},     {"janggicasual", 4, 1083563},
  };
  for (const auto& c : cases) {
    auto variant = named_variant(c.variant);
    ASSERT_TRUE(variant) << c.variant;
    Position pos = test::position_of(variant->rules, "");
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " depth " << c.depth;
  }
}

}  // namespace
}  // namespace banmen::fairy
