// Each move rule with a hand-made position: drops (nifu, dead drops, uchifuzume),
// promotion (optional and forced), king safety (pins, attacked squares, evasions).
#include <gtest/gtest.h>

#include "test_util.h"

namespace banmen::shogi {
namespace {

using testing::game;
using testing::has_move;

TEST(ShogiRules, NifuForbidsASecondUnpromotedPawnOnAFile) {
  auto g = game("shogi", "4k4/9/9/9/9/9/9/4P4/4K4 b P 1");
  EXPECT_FALSE(has_move(*g, "P*5e"));
  EXPECT_TRUE(has_move(*g, "P*4e"));
  // A promoted pawn does not count.
  auto p = game("shogi", "4k4/9/9/9/9/9/9/4+P4/4K4 b P 1");
  EXPECT_TRUE(has_move(*p, "P*5e"));
}

TEST(ShogiRules, NoDropWhereThePieceCouldNeverMove) {
  auto g = game("shogi", "4k4/9/9/9/9/9/9/9/4K4 b PLN 1");
  EXPECT_FALSE(has_move(*g, "P*4a"));
  EXPECT_FALSE(has_move(*g, "L*4a"));
  EXPECT_FALSE(has_move(*g, "N*4a"));
  EXPECT_FALSE(has_move(*g, "N*4b"));
  EXPECT_TRUE(has_move(*g, "P*4b"));
  EXPECT_TRUE(has_move(*g, "L*4b"));
  EXPECT_TRUE(has_move(*g, "N*4c"));
  auto w = game("shogi", "4k4/9/9/9/9/9/9/9/4K4 w pln 1");
  EXPECT_FALSE(has_move(*w, "P*4i"));
  EXPECT_FALSE(has_move(*w, "N*4h"));
  EXPECT_TRUE(has_move(*w, "N*4g"));
}

TEST(ShogiRules, PawnDropMateIsIllegalButPawnDropCheckIsNot) {
  auto mate = game("shogi", "7nk/7p1/7G1/9/9/9/9/9/K8 b P 1");
  EXPECT_FALSE(has_move(*mate, "P*1b"));
  EXPECT_TRUE(has_move(*mate, "P*1c"));
  // The king can take the dropped pawn: a legal check.
  auto check = game("shogi", "7nk/7p1/9/9/9/9/9/9/K8 b P 1");
  EXPECT_TRUE(has_move(*check, "P*1b"));
  // Mate by a pawn moved, not dropped, is fine.
  auto pushed = game("shogi", "7nk/7p1/8P/8L/9/9/9/9/K8 b - 1");
  EXPECT_TRUE(has_move(*pushed, "1c1b"));
  EXPECT_TRUE(has_move(*pushed, "1c1b+"));
}

TEST(ShogiRules, UchifuzumeOnlyForPawns) {
  // The same mate given by a dropped gold is legal.
  auto g = game("shogi", "7nk/7p1/7G1/9/9/9/9/9/K8 b G 1");
  EXPECT_TRUE(has_move(*g, "G*1b"));
}

TEST(ShogiRules, PromotionIsOptionalInTheZoneAndForcedWhereNoMoveRemains) {
  auto g = game("shogi", "k8/5P3/6N2/4S4/2N6/1L7/9/9/4K4 b - 1");
  EXPECT_TRUE(has_move(*g, "4b4a+"));
  EXPECT_FALSE(has_move(*g, "4b4a"));
  EXPECT_TRUE(has_move(*g, "3c2a+"));
  EXPECT_FALSE(has_move(*g, "3c2a"));
  EXPECT_TRUE(has_move(*g, "7e6c+"));
  EXPECT_TRUE(has_move(*g, "7e6c"));
  EXPECT_TRUE(has_move(*g, "5d5c+"));
  EXPECT_TRUE(has_move(*g, "5d5c"));
  EXPECT_TRUE(has_move(*g, "5d4e"));
  EXPECT_FALSE(has_move(*g, "5d4e+"));  // neither end in the zone
  EXPECT_TRUE(has_move(*g, "8f8b+"));
  EXPECT_TRUE(has_move(*g, "8f8b"));
  EXPECT_TRUE(has_move(*g, "8f8a+"));
  EXPECT_FALSE(has_move(*g, "8f8a"));
}

TEST(ShogiRules, MovingOutOfTheZoneMayPromote) {
  auto g = game("shogi", "k8/9/4S4/9/9/9/9/9/4K4 b - 1");
  EXPECT_TRUE(has_move(*g, "5c4d+"));
  EXPECT_TRUE(has_move(*g, "5c4d"));
}

TEST(ShogiRules, GoldKingAndPromotedPiecesNeverPromote) {
  auto g = game("shogi", "k8/9/3G+S4/9/9/9/9/9/4K4 b - 1");
  EXPECT_FALSE(has_move(*g, "6c6b+"));
  EXPECT_FALSE(has_move(*g, "5c5b+"));
  EXPECT_TRUE(has_move(*g, "5c5b"));
}

TEST(ShogiRules, APinnedPieceMovesOnlyAlongThePin) {
  auto b = game("shogi", "4k4/9/9/9/4r4/9/9/4B4/4K4 b - 1");
  EXPECT_FALSE(has_move(*b, "5h4g"));
  auto r = game("shogi", "4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1");
  EXPECT_TRUE(has_move(*r, "5h5e"));
  EXPECT_TRUE(has_move(*r, "5h5f"));
  EXPECT_FALSE(has_move(*r, "5h4h"));
}

TEST(ShogiRules, TheKingNeverStepsIntoAttack) {
  auto g = game("shogi", "4k4/9/9/9/3r5/9/9/9/4K4 b - 1");
  EXPECT_FALSE(has_move(*g, "5i6h"));
  EXPECT_FALSE(has_move(*g, "5i6i"));
  EXPECT_TRUE(has_move(*g, "5i4h"));
  // Nor backs away along the line of a checking slider.
  auto c = game("shogi", "4k4/9/9/9/4r4/9/9/9/4K4 b G 1");
  EXPECT_TRUE(c->in_check());
  EXPECT_FALSE(has_move(*c, "5i5h"));
  EXPECT_TRUE(has_move(*c, "G*5h"));  // interposing
  EXPECT_FALSE(has_move(*c, "G*4h"));
}

TEST(ShogiRules, DoubleCheckAllowsOnlyKingMoves) {
  auto g = game("shogi", "4k4/9/9/9/4r4/9/5n3/9/4K4 b G 1");
  ASSERT_TRUE(g->in_check());
  for (const auto& m : g->legal_moves()) EXPECT_EQ(m.substr(0, 2), "5i") << m;
}

TEST(ShogiRules, ApplyAcceptsOnlyLegalMoves) {
  auto g = game("shogi");
  auto bad = g->apply("7g7e");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, errc::illegal_move);
  EXPECT_FALSE(g->apply("nonsense").ok());
  ASSERT_TRUE(g->apply("7g7f").ok());
  EXPECT_EQ(g->to_move(), 1);
  EXPECT_EQ(g->notation(0, Viewer::spectator), "7g7f");
  EXPECT_EQ(g->display_notation(0, Viewer::spectator), "▲７六歩");
  EXPECT_EQ(g->position(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
}

TEST(MinishogiRules, PromotionZoneIsTheLastRank) {
  auto g = game("minishogi", "k4/5/2S2/5/4K b - 1");
  EXPECT_TRUE(has_move(*g, "3c3b"));
  EXPECT_FALSE(has_move(*g, "3c3b+"));
  auto z = game("minishogi", "k4/2S2/5/5/4K b - 1");
  EXPECT_TRUE(has_move(*z, "3b3a+"));
  EXPECT_TRUE(has_move(*z, "3b3a"));
  auto p = game("minishogi", "k4/2P2/5/5/4K b P 1");
  EXPECT_TRUE(has_move(*p, "3b3a+"));
  EXPECT_FALSE(has_move(*p, "3b3a"));
  EXPECT_FALSE(has_move(*p, "P*3c"));  // nifu
  EXPECT_FALSE(has_move(*p, "P*2a"));  // dead drop
  EXPECT_TRUE(has_move(*p, "P*2b"));
}

}  // namespace
}  // namespace banmen::shogi
