// perft from the start position against the counts the spec publishes (depth 1..10).
#include <gtest/gtest.h>

#include "naive_reversi.h"
#include "reversi_test_util.h"
#include "start_counts.h"

namespace {

using namespace reversi_test;

TEST(ReversiPerft, StartPositionToDepthEight) {
  auto g = make();
  for (int d = 0; d <= 8; ++d) EXPECT_EQ(g->perft(d), kStartCounts[d]) << "depth " << d;
}

TEST(ReversiPerft, TheNaiveModelCountsTheSameFromTheStart) {
  auto b = naive_reversi::Board::from_text(kStart);
  for (int d = 0; d <= 6; ++d) EXPECT_EQ(naive_reversi::perft(b, d), kStartCounts[d]) << d;
}

TEST(ReversiPerft, DivideAddsUpAndIsSorted) {
  auto g = make();
  auto divide = g->perft_divide(5);
  ASSERT_EQ(divide.size(), 4u);
  std::uint64_t total = 0;
  for (auto& [move, n] : divide) {
    EXPECT_EQ(n, 1396u / 4) << move;  // the start is symmetric
    total += n;
  }
  EXPECT_EQ(total, kStartCounts[5]);
  EXPECT_EQ(divide.front().first, "c4");
}

}  // namespace
