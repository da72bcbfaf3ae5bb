// The reversi transcript: header lines, the moves in the usual run-together form
// ("f5d6c3...", a forced pass written "pass"), the final disc count and the result.
// The exact format is in docs/rules/reversi.md.
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"

namespace banmen::reversi {

class ReversiGame;

std::string write_transcript(const ReversiGame& game, const RecordInfo& record);
// Errors: bad_record, naming the line or move that is wrong.
Result<GamePtr> read_transcript(std::string_view text);

}  // namespace banmen::reversi
