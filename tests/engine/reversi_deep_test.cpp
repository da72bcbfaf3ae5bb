// The exact reversi endgame solver against plain minimax on random positions with twelve
// empty squares: about a minute of brute force, so release builds only.
#include <gtest/gtest.h>

#include "reversi_brute_force.h"

namespace {

TEST(ReversiSolverDeep, ExactAgainstBruteForceOnTwelveEmpties) {
  engine_test::compare_with_brute_force(5, 12, 5u * 10000u);
}

}  // namespace
