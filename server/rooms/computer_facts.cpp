#include "rooms/computer_facts.h"

#include <algorithm>

namespace banmen::server {

namespace {
constexpr const char* kMarkerPrefix = "computer:";
// Time between the engine's answer and the clock stopping: the strand, the store's commit.
constexpr std::int64_t kMarginMs = 150;
// Moves the computer plans for in the time it has left (sudden death would lose otherwise).
constexpr std::int64_t kMovesToPlanFor = 30;
// Without a clock a person still waits for each move: no level thinks longer than this
// (levels 7 and 8 would take 4 and 10 s; the weaker ones take less anyway).
constexpr std::int64_t kUnclockedMs = 3000;
}  // namespace

std::string computer_name(int level) {
  return "Computer (level " + std::to_string(level) + ")";
}

std::string computer_token_marker(int level) {
  return kMarkerPrefix + std::to_string(level);
}

int computer_level_of_marker(const std::string& token_hash) {
  const std::string prefix = kMarkerPrefix;
  if (token_hash.size() != prefix.size() + 1 || token_hash.compare(0, prefix.size(), prefix) != 0)
    return 0;
  const char digit = token_hash.back();
  return digit >= '1' && digit <= '8' ? digit - '0' : 0;
}

std::int64_t computer_budget_ms(const GameClock& clock, int seat, std::int64_t now) {
  if (!clock.enabled()) return kUnclockedMs;
  const auto state = clock.at(now);
  const auto& spec = clock.spec();
  const std::int64_t left = std::max<std::int64_t>(state.remaining_ms[seat], 0);
  std::int64_t budget = 0;
  if (spec.kind == ClockSpec::Kind::fischer) {
    budget = std::min(left / kMovesToPlanFor + spec.increment_ms * 3 / 4, left / 3);
  } else if (state.in_byoyomi[seat]) {  // `left` is what remains of the current period
    budget = left * 2 / 3;
  } else {  // main time, then each period spent afresh
    const std::int64_t period = state.periods_left[seat] > 0 ? spec.period_ms : 0;
    budget = std::min(left / kMovesToPlanFor + period * 2 / 3, (left + period) * 2 / 3);
  }
  // 1 ms at the least: 0 would mean "no limit but the level's".
  return std::max<std::int64_t>(budget - kMarginMs, 1);
}

}  // namespace banmen::server
