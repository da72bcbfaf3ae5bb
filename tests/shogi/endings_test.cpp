// How games end: checkmate, repetition, perpetual check, minishogi's repetition rule,
// the ply limit and the impasse declaration.
#include <gtest/gtest.h>

#include "test_util.h"

namespace banmen::shogi {
namespace {

using testing::game;
using testing::play;

void repeat(Game& g, const std::vector<std::string>& cycle, int times) {
  for (int i = 0; i < times; ++i) play(g, cycle);
}

TEST(ShogiEndings, CheckmateLosesForTheSideToMove) {
  auto g = game("shogi", "7nk/7p1/8P/8L/9/9/9/9/K8 b - 1");
  play(*g, {"1c1b+"});
  EXPECT_EQ(g->outcome(), Outcome::win(0, "checkmate"));
  EXPECT_TRUE(g->legal_moves().empty());
  EXPECT_EQ(g->perft(1), 0u);
  EXPECT_EQ(g->apply("1a1b").error().code, errc::game_over);
}

TEST(ShogiEndings, NoLegalMoveAtTheStartIsOverToo) {
  auto g = game("shogi", "7nk/7p+P/9/8L/9/9/9/9/K8 w - 2");
  EXPECT_EQ(g->outcome(), Outcome::win(0, "checkmate"));
}

TEST(ShogiEndings, FourthOccurrenceIsADraw) {
  auto g = game("shogi");
  const std::vector<std::string> cycle{"5i4h", "5a4b", "4h5i", "4b5a"};
  repeat(*g, cycle, 2);
  play(*g, {"5i4h", "5a4b", "4h5i"});
  EXPECT_FALSE(g->over());
  play(*g, {"4b5a"});
  EXPECT_EQ(g->outcome(), Outcome::draw("repetition"));
}

TEST(ShogiEndings, PerpetualCheckLosesForTheCheckingSide) {
  auto g = game("shogi", "8k/9/9/9/7R1/9/9/9/K8 b - 1");
  const std::vector<std::string> checks{"2e1e", "1a2a", "1e2e", "2a1a"};
  repeat(*g, checks, 2);
  play(*g, {"2e1e", "1a2a", "1e2e"});
  EXPECT_FALSE(g->over());
  play(*g, {"2a1a"});
  EXPECT_EQ(g->outcome(), Outcome::win(1, "perpetual_check"));
}

TEST(ShogiEndings, ChecksMustLastTheWholeRepetitionToLose) {
  auto g = game("shogi", "8k/9/9/9/7R1/9/9/9/K8 b - 1");
  play(*g, {"2e1e", "1a2a", "1e2e", "2a1a"});  // checks
  play(*g, {"2e2d", "1a1b", "2d2e", "1b1a"});  // quiet
  play(*g, {"2e1e", "1a2a", "1e2e", "2a1a"});  // checks again: fourth occurrence
  EXPECT_EQ(g->outcome(), Outcome::draw("repetition"));
}

TEST(MinishogiEndings, RepetitionLosesForBlack) {
  auto g = game("minishogi");
  const std::vector<std::string> cycle{"5e4d", "1a2b", "4d5e", "2b1a"};
  repeat(*g, cycle, 3);
  EXPECT_EQ(g->outcome(), Outcome::win(1, "repetition"));
}

TEST(MinishogiEndings, PerpetualCheckStillLosesForTheChecker) {
  auto g = game("minishogi", "4k/5/5/5/K2R1 b - 1");
  const std::vector<std::string> checks{"2e1e", "1a2a", "1e2e", "2a1a"};
  repeat(*g, checks, 3);
  EXPECT_EQ(g->outcome(), Outcome::win(1, "perpetual_check"));
}

TEST(ShogiEndings, MoveLimitDrawsAfterPly512) {
  auto g = game("shogi", "4k4/9/9/9/9/9/9/9/4K4 b - 511");
  play(*g, {"5i4h"});
  EXPECT_FALSE(g->over());
  play(*g, {"5a4b"});
  EXPECT_EQ(g->outcome(), Outcome::draw("move_limit"));
}

TEST(ShogiEndings, MateOnTheLastPlyStillWins) {
  auto g = game("shogi", "7nk/7p1/8P/8L/9/9/9/9/K8 b - 512");
  play(*g, {"1c1b+"});
  EXPECT_EQ(g->outcome(), Outcome::win(0, "checkmate"));
}

constexpr const char* kImpasse = "SSGG1GGSS/1R2K2B1/9/9/9/9/4k4/9/9 b 10P 1";

TEST(ShogiImpasse, RightDeclarationWins) {
  auto g = game("shogi", kImpasse);
  ASSERT_TRUE(g->declare_win().ok());
  EXPECT_EQ(g->outcome(), Outcome::win(0, "impasse_declared"));
  EXPECT_EQ(g->declare_win().error().code, errc::game_over);
}

TEST(ShogiImpasse, BlackNeedsTwentyEightPoints) {
  auto g = game("shogi", "SSGG1GGSS/1R2K2B1/9/9/9/9/4k4/9/9 b 9P 1");
  ASSERT_TRUE(g->declare_win().ok());
  EXPECT_EQ(g->outcome(), Outcome::win(1, "impasse_declared"));
}

TEST(ShogiImpasse, WhiteNeedsTwentySeven) {
  auto g = game("shogi", "9/9/4K4/9/9/9/9/1b2k2r1/ssgg1ggss w 9p 1");
  ASSERT_TRUE(g->declare_win().ok());
  EXPECT_EQ(g->outcome(), Outcome::win(1, "impasse_declared"));
}

TEST(ShogiImpasse, TenPiecesKingInCampAndNoCheckAreRequired) {
  // Nine pieces in the camp (one silver moved out), enough points.
  auto nine = game("shogi", "SSGG1GG1S/1R2K2B1/9/S8/9/9/4k4/9/9 b 11P 1");
  ASSERT_TRUE(nine->declare_win().ok());
  EXPECT_EQ(nine->outcome().winner, 1);
  // King outside the camp.
  auto out = game("shogi", "SSGG1GGSS/1R5B1/9/4K4/9/9/4k4/9/9 b 10P 1");
  ASSERT_TRUE(out->declare_win().ok());
  EXPECT_EQ(out->outcome().winner, 1);
  // In check.
  auto check = game("shogi", "SSGG1GGSS/1R2K2B1/9/9/4r4/9/4k4/9/9 b 10P 1");
  ASSERT_TRUE(check->in_check());
  ASSERT_TRUE(check->declare_win().ok());
  EXPECT_EQ(check->outcome().winner, 1);
}

TEST(MinishogiImpasse, HasNoDeclaration) {
  auto g = game("minishogi");
  auto r = g->declare_win();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, errc::unsupported);
  EXPECT_FALSE(g->over());
}

}  // namespace
}  // namespace banmen::shogi
