// The deep perft counts: tens of millions of nodes, so release builds only.
#include <gtest/gtest.h>

#include "test_util.h"

namespace banmen::shogi {
namespace {

TEST(ShogiDeepPerft, StartPositionDepthFive) {
  auto g = testing::game("shogi");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->perft(5), 19861490u);
}

TEST(ShogiDeepPerft, PositionWithPiecesInHandDepthThree) {
  auto g = testing::game("shogi",
                         "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->perft(3), 4809015u);
}

TEST(MinishogiDeepPerft, StartPositionDepthFive) {
  // Not published in the issue; agrees with shogiops' minishogi (see docs/rules/shogi.md).
  auto g = testing::game("minishogi");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->perft(5), 533203u);
}

}  // namespace
}  // namespace banmen::shogi
