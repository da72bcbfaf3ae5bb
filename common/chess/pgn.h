// PGN records: export in the PGN export format (Seven Tag Roster, SAN movetext wrapped at
// 80 columns, result and termination) and import of a game's main line.
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"
#include "core/result.h"

namespace banmen::chess {

class ChessGame;

std::string export_pgn(const ChessGame& game, const RecordInfo& record);

// The first game in `text`: its tags (FEN/SetUp for a set-up start), its main line
// (comments, variations and NAGs are skipped) and, when the moves do not end the game by
// themselves, the result as an outside ending (Termination "Time forfeit": timeout; other
// decisive results: resignation; draws: agreement). Errors: bad_record, saying where.
Result<GamePtr> import_pgn(std::string_view text);

}  // namespace banmen::chess
