// Bringing a record into a room: any record a person may paste or upload (KIF and KI2 with
// 変化, CSA, PGN with variations and [Variant], SFEN/FEN, a USI/UCI move list, the
// project's own transcripts and review text) read into a variation tree for the review
// board. Each format's reader lives beside its game (shogi/records/, chess/, fairy/,
// reversi/, hasami/, shogi/dogcat/); this file chooses the reader and the game. The
// formats, the detection of "auto" and the limits are described in docs/records.md.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "core/variation_tree.h"

namespace banmen {

// The longest text accepted (bytes, a UTF-8 byte order mark included).
inline constexpr std::size_t kMaxImportLength = 256 * 1024;

struct ImportedRecord {
  std::string game_id;  // registry id: "shogi", "minishogi", "chess", a fairy variant id, ...
  std::string format;   // the format read: kif|ki2|csa|pgn|sfen|fen|usi|uci|transcript|txt
  VariationTree tree;   // root = the record's start position; main line + side lines
  RecordInfo info;      // names, date, event as far as the record tells
};

// An import error taken apart: `line` 1-based, 0 when it concerns the whole text.
struct ImportError {
  std::size_t line = 0;
  std::string message;
};

// The formats `format` may name: "auto" first, then each format above.
const std::vector<std::string_view>& import_formats();

// Reads `text` (UTF-8; a byte order mark is allowed) as a record in `format` ("auto"
// detects it from the text). `room_game_id` decides what the text alone cannot (a bare
// USI/UCI move list, an SFEN or FEN: the room's game when it reads that notation), and is
// preferred when a record fits several games. Every move is checked by the rules; nothing
// is half-read. Errors: bad_record with the message "line N: reason" (N 1-based; a reason
// about the whole text has no "line" prefix), also when the tree would pass `limits`.
Result<ImportedRecord> import_record_tree(std::string_view text, std::string_view format,
                                          std::string_view room_game_id,
                                          const VariationLimits& limits = {});

// The line and reason of an import error's message ("line 12: ..." gives {12, "..."};
// any other message gives {0, message}).
ImportError import_error_of(const Error& error);

}  // namespace banmen
