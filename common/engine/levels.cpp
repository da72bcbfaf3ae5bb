#include "engine/levels.h"

#include <algorithm>
#include <cmath>

namespace banmen::engine {
namespace {

constexpr LevelSpec kLevels[8] = {
    {1, 100, 250, 1, 0, 10},    // 1: looks one move ahead, often misjudges
    {2, 150, 120, 1, 0, 12},    // 2: sees replies, still loose
    {3, 250, 60, 2, 6, 13},     // 3
    {4, 400, 25, 3, 8, 14},     // 4
    {6, 800, 0, 4, 10, 16},     // 5: from here on always the best move found
    {9, 1500, 0, 6, 12, 18},    // 6
    {14, 4000, 0, 8, 14, 20},   // 7
    {64, 10000, 0, 8, 14, 20},  // 8: as deep as the time allows
};

}  // namespace

const LevelSpec& level_spec(int level) {
  return kLevels[std::clamp(level, 1, 8) - 1];
}

std::size_t pick_with_noise(const std::vector<int>& scores, int noise_cp, std::mt19937_64& rng) {
  if (noise_cp <= 0 || scores.size() < 2) return 0;
  // Wins and losses are capped so a proven result still dominates without overflowing.
  auto capped = [](int s) { return std::clamp(s, -3000, 3000); };
  const double best = capped(scores[0]);
  std::vector<double> weights;
  for (int s : scores) weights.push_back(std::exp((capped(s) - best) / noise_cp));
  std::discrete_distribution<std::size_t> draw(weights.begin(), weights.end());
  return draw(rng);
}

}  // namespace banmen::engine
