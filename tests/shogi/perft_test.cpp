// Perft counts published for shogi and minishogi (shallow ones; deep_perft_test.cpp has
// the rest). Run through the seam, so Game::perft itself is what is proven.
#include <gtest/gtest.h>

#include "test_util.h"

namespace banmen::shogi {
namespace {

using testing::game;

constexpr const char* kHands =
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
constexpr const char* kHandsOtherSpelling =
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

TEST(ShogiPerft, StartPositionToDepthFour) {
  auto g = game("shogi");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->perft(0), 1u);
  EXPECT_EQ(g->perft(1), 30u);
  EXPECT_EQ(g->perft(2), 900u);
  EXPECT_EQ(g->perft(3), 25470u);
  EXPECT_EQ(g->perft(4), 719731u);
}

TEST(ShogiPerft, PositionWithPiecesInHand) {
  for (const char* sfen : {kHands, kHandsOtherSpelling}) {
    auto g = game("shogi", sfen);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->perft(1), 207u) << sfen;
    EXPECT_EQ(g->perft(2), 28684u) << sfen;
  }
}

TEST(ShogiPerft, BothHandSpellingsAreTheSamePosition) {
  auto a = game("shogi", kHands), b = game("shogi", kHandsOtherSpelling);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->position(), b->position());
  EXPECT_EQ(a->position(), kHandsOtherSpelling);
}

TEST(ShogiPerft, MostLegalMovesKnown) {
  auto g = game("shogi", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->perft(1), 593u);
  EXPECT_EQ(g->legal_moves().size(), 593u);
}

TEST(MinishogiPerft, StartPositionToDepthFour) {
  auto g = game("minishogi");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->perft(1), 14u);
  EXPECT_EQ(g->perft(2), 181u);
  EXPECT_EQ(g->perft(3), 2512u);
  EXPECT_EQ(g->perft(4), 35401u);
}

TEST(ShogiPerft, DivideSumsToPerft) {
  auto g = game("shogi", kHands);
  ASSERT_TRUE(g);
  std::uint64_t total = 0;
  for (const auto& [move, n] : g->perft_divide(2)) total += n;
  EXPECT_EQ(total, 28684u);
}

}  // namespace
}  // namespace banmen::shogi
