// The hasami shogi transcript: header lines, the moves in USI form ten to a line, the
// captures of each side and the result. The exact format is in docs/rules/hasami.md.
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"

namespace banmen::hasami {

class HasamiGame;

std::string write_transcript(const HasamiGame& game, const RecordInfo& record);
// Errors: bad_record, naming the line or move that is wrong.
Result<GamePtr> read_transcript(std::string_view text);

}  // namespace banmen::hasami
