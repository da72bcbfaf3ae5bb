// How long a request searches: the rule think() follows, on its own so that it can be
// tested without a clock (docs/engine.md, "The call").
#pragma once

#include <cstdint>

#include "engine/engine.h"

namespace banmen::engine {

// How far past its time a search may go: only the first iteration's first root move may
// go on past the time (so that the answer has a score), and never further than this.
inline constexpr std::int64_t kHardStopSlackMs = 50;

// In ms from the search's start. `time_ms`: the smaller of the level's own time and the
// request's `budget_ms` (at least 1); past it the search ends at its next look at the clock
// (every 1024 nodes, 64 in fairy chess) with the deepest iteration it completed. `hard_ms`,
// kHardStopSlackMs later: even the first root move stops, and the answer is the first legal
// move, unscored. So no search runs longer than its budget and this slack.
struct SearchWindow {
  std::int64_t time_ms;
  std::int64_t hard_ms;
};
SearchWindow search_window(const EngineRequest& request);

}  // namespace banmen::engine
