// The arena's Elo arithmetic against figures worked out by hand: 75% is +190.8 Elo, an
// even score is 0, and the interval narrows as games are added.
#include <gtest/gtest.h>

#include <cmath>

#include "elo.h"

namespace {

using banmen::arena::elo_difference;
using banmen::arena::MatchScore;

TEST(ArenaElo, KnownScores) {
  EXPECT_NEAR(banmen::arena::elo_from_score(0.75), 190.85, 0.01);
  EXPECT_NEAR(banmen::arena::elo_from_score(0.5), 0.0, 1e-9);
  EXPECT_NEAR(banmen::arena::elo_from_score(0.25), -190.85, 0.01);
  const auto even = elo_difference({10, 0, 10});
  EXPECT_NEAR(even.elo, 0.0, 1e-9);
  // 20 games, score 0.5, per-game deviation 0.5: margin 1.96 * 0.5 / sqrt(20) = 0.2191.
  EXPECT_NEAR(even.high, banmen::arena::elo_from_score(0.5 + 0.21913), 0.1);
  EXPECT_NEAR(even.low, -even.high, 1e-9);
}

TEST(ArenaElo, MoreGamesNarrowTheIntervalAndASweepHasNoUpperBound) {
  const auto few = elo_difference({15, 0, 5}), many = elo_difference({150, 0, 50});
  EXPECT_NEAR(few.elo, many.elo, 1e-9);
  EXPECT_LT(many.high - many.low, few.high - few.low);
  EXPECT_TRUE(few.low < few.elo && few.elo < few.high);
  const auto sweep = elo_difference(MatchScore{20, 0, 0});
  EXPECT_TRUE(std::isinf(sweep.elo));
}

}  // namespace
