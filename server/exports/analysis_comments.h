// A stored analysis (docs/protocol.md, the `analysis` object) as one comment per move for
// the record exports. PGN: "[%eval 0.23]" or "[%eval #3]" for the position after each move
// (pawns, white's view, as lichess writes them); KIF: the evaluation and, for a classified
// move, its class and the better move. Empty when the text is not an analysis of `plies`
// moves.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace banmen::server {

std::vector<std::string> pgn_eval_comments(const std::string& analysis_text, std::size_t plies);
std::vector<std::string> kif_eval_comments(const std::string& analysis_text, std::size_t plies);

}  // namespace banmen::server
