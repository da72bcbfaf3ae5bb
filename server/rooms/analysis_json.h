// The analysis object of docs/protocol.md ("analysis"), written from the engine's result.
// One home for its shape: the room's events, the store and the exports read it.
#pragma once

#include <cstddef>
#include <string_view>

#include "engine/game_analysis.h"
#include "protocol/messages.h"

namespace banmen::server {

json analysis_json(const engine::AnalysisResult& result);

// The `analysis` event's fields (without "type"): state queued|running|done|failed.
json analysis_state(int game_no, std::string_view state, std::size_t done, std::size_t total,
                    const json& analysis, std::string_view reason = {});

}  // namespace banmen::server
