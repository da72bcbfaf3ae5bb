// The exact reversi endgame solver against plain minimax (reversi_brute_force.h) on many
// random eight-empty endgames; the twelve-empty comparison is in reversi_deep_test.cpp.
#include <gtest/gtest.h>

#include "engine/reversi_solver.h"
#include "reversi/position.h"
#include "reversi_brute_force.h"

namespace {
using banmen::reversi::Position;
using engine_test::compare_with_brute_force;
using engine_test::random_position;

TEST(ReversiSolver, ExactAgainstBruteForceOnEightEmpties) {
  compare_with_brute_force(60, 8, 60u * 100u);
}

TEST(ReversiSolver, AForcedPassIsAMoveAndTheNodeLimitStops) {
  // White (O) to move has no placement here but Black does.
  auto p = banmen::reversi::parse_position(
      "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO- O");
  ASSERT_TRUE(p.ok()) << p.error().message;
  const auto solved = banmen::engine::solve_reversi(*p, {});
  ASSERT_TRUE(solved.complete);
  EXPECT_EQ(solved.best, banmen::reversi::kPass);
  std::mt19937 rng(5);
  std::optional<Position> deep;
  while (!deep) deep = random_position(rng, 20);
  banmen::engine::Limits limits;
  limits.max_nodes = 10000;
  EXPECT_FALSE(banmen::engine::solve_reversi(*deep, limits).complete);
}

}  // namespace
