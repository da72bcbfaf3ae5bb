// Makpong (makruk where a king in check may only take its one checker) and armageddon (a
// draw counts as Black's win), as Fairy-Stockfish plays them: perft against its counts
// (`go perft N` after `setoption name UCI_Variant value X`) and each rule on its own.
#include <gtest/gtest.h>

#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

TEST(FairyMakpong, PerftEqualsFairyStockfish) {
  Position makpong = test::position_of(test::catalogue_rules("makpong"), "");
  EXPECT_EQ(perft(makpong, 4), 273026u);
  Position armageddon = test::position_of(test::catalogue_rules("armageddon"), "");
  EXPECT_EQ(perft(armageddon, 3), 8902u);
}

TEST(FairyMakpong, AKingInCheckOnlyTakesItsOneChecker) {
  // Next to the king, the checking rook may be taken ...
  EXPECT_EQ(test::sorted_moves("makpong", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"),
            std::vector<std::string>{"e1e2"});
  // ... from afar it cannot, and the king may not step aside: checkmate.
  auto g = test::catalogue_game("makpong", "4k3/8/8/8/4r3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(g->outcome(), Outcome::win(1, "checkmate"));
  // Two checkers: the king may not take the one beside it, which makruk allows.
  EXPECT_TRUE(test::sorted_moves("makpong", "4k3/8/8/8/8/5n2/4r3/4K3 w - - 0 1").empty());
  EXPECT_TRUE(
      test::lists(test::sorted_moves("makruk", "4k3/8/8/8/8/5n2/4r3/4K3 w - - 0 1"), "e1e2"));
  // Makruk itself lets the king step aside.
  EXPECT_FALSE(test::sorted_moves("makruk", "4k3/8/8/8/4r3/8/8/4K3 w - - 0 1").empty());
}

TEST(FairyMakpong, ArmageddonDrawsGoToBlack) {
  auto g = test::catalogue_game("armageddon", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_EQ(g->outcome(), Outcome::win(1, "stalemate"));
}

}  // namespace
}  // namespace banmen::fairy
