// Shatar (Mongolian chess) as Fairy-Stockfish plays it: perft against its counts (`go perft
// N` after `setoption name UCI_Variant value shatar`), and its mates: by knights alone (a
// loss for the mating side), without a shak in the series of checks (niol, a draw), and
// with one (a win); a bare king draws (robado).
#include <gtest/gtest.h>

#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

TEST(FairyShatar, PerftEqualsFairyStockfish) {
  Position pos = test::position_of(test::catalogue_rules("shatar"), "");
  EXPECT_EQ(perft(pos, 4), 177344u);
}

Outcome after(const std::string& fen, const std::string& move) {
  auto g = test::catalogue_game("shatar", fen);
  EXPECT_TRUE(g->apply(move).ok()) << move;
  return g->outcome();
}

TEST(FairyShatar, MatesCountOnlyWithAShak) {
  // A smothered mate by the knight: the mated side wins.
  EXPECT_EQ(after("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", "g5f7"), Outcome::win(1, "knight_mate"));
  // A bishop's mate with no shak before it: niol, a draw.
  EXPECT_EQ(after("k7/3N3p/1K6/8/8/8/8/7B w - - 0 1", "h1e4"), Outcome::draw("niol"));
  // A rook's check is a shak: mate.
  EXPECT_EQ(after("k7/3N3p/1K6/8/8/8/8/6R1 w - - 0 1", "g1g8"), Outcome::win(0, "checkmate"));
  // A bishop's mate after a rook's check the mated side answered: the shak makes it mate.
  auto series = test::catalogue_game("shatar", "1k6/3N3p/1K6/8/8/8/8/R4B2 w - - 0 1");
  for (const char* m : {"a1a8", "b8a8", "f1g2"}) ASSERT_TRUE(series->apply(m).ok()) << m;
  EXPECT_EQ(series->outcome(), Outcome::win(0, "checkmate"));
  // A bare king draws.
  auto bare = test::catalogue_game("shatar", "k7/3N4/1K6/8/8/8/8/6R1 b - - 0 1");
  EXPECT_EQ(bare->outcome(), Outcome::draw("extinction"));
}

}  // namespace
}  // namespace banmen::fairy
