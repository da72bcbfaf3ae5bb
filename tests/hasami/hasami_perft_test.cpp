// perft from the start position: the counts are written here and recounted by the naive
// model. Depth 1 and 2 are also counted by hand: 9 x 7 = 63; 9 x (7 x 56 + 0 + ... + 6).
#include <gtest/gtest.h>

#include "hasami_test_util.h"
#include "naive_hasami.h"

namespace {

using namespace hasami_test;

const std::uint64_t kStartCounts[] = {1, 63, 3717, 254219};

TEST(HasamiPerft, StartPositionToDepthThree) {
  auto g = make();
  for (int d = 0; d <= 3; ++d) EXPECT_EQ(g->perft(d), kStartCounts[d]) << "depth " << d;
}

TEST(HasamiPerft, TheNaiveModelCountsTheSameFromTheStart) {
  auto n = naive_hasami::Game::from_text(kStart);
  for (int d = 0; d <= 2; ++d) EXPECT_EQ(naive_hasami::perft(n, d), kStartCounts[d]) << d;
}

TEST(HasamiPerft, DivideAddsUp) {
  auto g = make();
  std::uint64_t total = 0;
  for (auto& [move, n] : g->perft_divide(3)) total += n;
  EXPECT_EQ(total, kStartCounts[3]);
}

}  // namespace
