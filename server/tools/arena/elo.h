// The Elo difference a match result implies, with a 95% confidence interval from the
// spread of the per-game scores (win 1, draw 1/2, loss 0): the usual normal approximation,
// as chess engine testers report it.
#pragma once

#include <algorithm>
#include <cmath>

namespace banmen::arena {

struct MatchScore {
  int wins = 0, draws = 0, losses = 0;  // of the first player
  int games() const { return wins + draws + losses; }
};

struct EloEstimate {
  double elo = 0, low = 0, high = 0;  // +-inf when a bound is a clean sweep
};

// Elo difference for an expected score in (0, 1).
inline double elo_from_score(double score) {
  if (score <= 0) return -INFINITY;
  if (score >= 1) return INFINITY;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

inline EloEstimate elo_difference(const MatchScore& m) {
  const double n = m.games();
  if (n == 0) return {};
  const double s = (m.wins + 0.5 * m.draws) / n;
  const double var =
      (m.wins * (1 - s) * (1 - s) + m.draws * (0.5 - s) * (0.5 - s) + m.losses * s * s) / n;
  const double margin = 1.96 * std::sqrt(var / n);
  return {elo_from_score(s), elo_from_score(s - margin), elo_from_score(s + margin)};
}

}  // namespace banmen::arena
