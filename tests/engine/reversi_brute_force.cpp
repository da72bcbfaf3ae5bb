// Plain minimax for reversi on the rules core's Position: no pruning, no ordering, every
// line played to the end. Slow on purpose: it is the truth the solver is held to.
#include "reversi_brute_force.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdio>

#include "engine/reversi_solver.h"

namespace engine_test {

using banmen::reversi::Position;

// Own minus opponent's discs at the end of perfect play, for the side to move.
int minimax(const Position& p, std::uint64_t& leaves) {
  if (p.finished()) {
    ++leaves;
    return banmen::reversi::count(p.own()) - banmen::reversi::count(p.opp());
  }
  int best = -100;
  auto placements = p.placements();
  if (!placements) {
    Position next = p;
    next.play(banmen::reversi::kPass);
    return -minimax(next, leaves);
  }
  for (; placements; placements &= placements - 1) {
    Position next = p;
    next.play(static_cast<banmen::reversi::Move>(std::countr_zero(placements)));
    best = std::max(best, -minimax(next, leaves));
  }
  return best;
}

// A random game from the start, stopped at `empties` empty squares (nullopt if it ended).
std::optional<Position> random_position(std::mt19937& rng, int empties) {
  Position p = Position::start();
  while (64 - banmen::reversi::count(p.discs[0] | p.discs[1]) > empties) {
    if (p.finished()) return std::nullopt;
    auto placements = p.placements();
    if (!placements) {
      p.play(banmen::reversi::kPass);
      continue;
    }
    int n = std::popcount(placements);
    for (int skip = int(rng() % unsigned(n)); skip > 0; --skip) placements &= placements - 1;
    p.play(static_cast<banmen::reversi::Move>(std::countr_zero(placements)));
  }
  if (p.finished()) return std::nullopt;
  return p;
}

// `count` random positions with `empties` empty squares, solved both ways.
void compare_with_brute_force(int count, int empties, std::uint64_t min_leaves) {
  std::mt19937 rng(24 + empties);
  int positions = 0;
  std::uint64_t brute_leaves = 0, solver_nodes = 0;
  while (positions < count) {
    auto p = random_position(rng, empties);
    if (!p) continue;
    ++positions;
    const int truth = minimax(*p, brute_leaves);
    const auto solved = banmen::engine::solve_reversi(*p, {});
    ASSERT_TRUE(solved.complete);
    EXPECT_EQ(solved.diff, truth) << banmen::reversi::format_position(*p);
    solver_nodes += solved.nodes;
    // The chosen move keeps the value.
    Position next = *p;
    next.play(solved.best);
    std::uint64_t ignored = 0;
    EXPECT_EQ(-minimax(next, ignored), truth);
  }
  std::printf("%d positions of %d empties: brute force %llu leaves, solver %llu nodes\n", count,
              empties, static_cast<unsigned long long>(brute_leaves),
              static_cast<unsigned long long>(solver_nodes));
  EXPECT_GT(brute_leaves, min_leaves);  // the positions were real endgames, not trivial ones
}

// Many small endgames here; twelve empties (a minute of brute force) in ReversiSolverDeep.
}  // namespace engine_test
