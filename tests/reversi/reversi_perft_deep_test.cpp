// The two deepest published start counts: quick in release, slow under sanitizers.
#include <gtest/gtest.h>

#include "reversi_test_util.h"
#include "start_counts.h"

namespace {

using namespace reversi_test;

TEST(ReversiPerftDeep, StartPositionDepthsNineAndTen) {
  auto g = make();
  EXPECT_EQ(g->perft(9), kStartCounts[9]);
  EXPECT_EQ(g->perft(10), kStartCounts[10]);
}

}  // namespace
