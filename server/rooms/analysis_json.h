// The analysis object of docs/protocol.md ("analysis"), written from the engine's result.
// One home for its shape: the room's events, the store and the exports read it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/game_analysis.h"
#include "protocol/messages.h"

namespace banmen::server {

json analysis_json(const engine::AnalysisResult& result);

// The `analysis` event's fields (without "type"): state queued|running|done|failed.
json analysis_state(int game_no, std::string_view state, std::size_t done, std::size_t total,
                    const json& analysis, std::string_view reason = {});

// For the exports: each move's comment, from a stored analysis object. PGN: "[%eval 0.23]"
// or "[%eval #3]" (pawns, white's view) for the position after each move; KIF: the
// evaluation and, for a classified move, its class and the better move. Empty when the
// text is not an analysis of `plies` moves.
std::vector<std::string> pgn_eval_comments(const std::string& analysis_text, std::size_t plies);
std::vector<std::string> kif_eval_comments(const std::string& analysis_text, std::size_t plies);

}  // namespace banmen::server
