// Walls: squares of the board no piece enters or passes, written '*' in a FEN, as
// Fairy-Stockfish's gustav3, omicron and troitzky shape their boards. Perft against
// Fairy-Stockfish's counts (`go perft N` after `setoption name UCI_Variant value X`).
#include <gtest/gtest.h>

#include "fairy/cost_probe.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

constexpr test::PerftCase wall_cases[] = {
    {"gustav3", "", 3, 12804},
    {"omicron", "", 3, 29540},
    {"troitzky", "", 3, 8766},
};

TEST(FairyWalls, PerftEqualsFairyStockfish) {
  test::expect_catalogue_perft(wall_cases);
}

TEST(FairyWalls, AWallStopsEveryPieceAndIsWrittenBack) {
  const std::string fen = "4k3/8/8/8/8/8/8/R2*K3 w - - 0 1";
  const auto moves = test::sorted_moves("normal", fen);
  EXPECT_TRUE(test::lists(moves, "a1c1"));
  EXPECT_FALSE(test::lists(moves, "a1d1"));  // the wall itself
  EXPECT_FALSE(test::lists(moves, "e1d1"));
  auto g = test::catalogue_game("normal", fen);
  EXPECT_EQ(g->position(), fen);
  // A wall beside a hopper would be its screen in Fairy-Stockfish: refused, not misplayed.
  std::string error;
  EXPECT_FALSE(
      parse_fen(test::catalogue_rules("xiangqi"), "4k4/9/9/9/9/9/9/9/9/*3K4 w - - 0 1", error));
  EXPECT_NE(error.find("wall"), std::string::npos) << error;
}

TEST(FairyWalls, RoomsPlayWalls) {
  Position pos = test::position_of(test::catalogue_rules("troitzky"), "");
  EXPECT_FALSE(cost_refusal(pos));
}

}  // namespace
}  // namespace banmen::fairy
