// Pieces shared by the record codecs: how a game ended, in each format's words, and the
// small text helpers they all need.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "shogi/shogi_game.h"

namespace banmen::shogi {

struct Ending {
  std::string kif;          // the special move word ("投了", "詰み", ...), empty while ongoing
  std::string csa;          // the CSA special move ("%TORYO", ...), empty while ongoing
  std::string kif_summary;  // "まで64手で後手の勝ち"
};
// `handicap` names the sides as a handicap record does (下手/上手 for 先手/後手).
Ending ending_of(const ShogiGame& game, bool handicap = false);

// Ends an imported game according to a special move word of either format, for the
// endings the board cannot show by itself (resignation, time, declaration). False when
// the word is not a known special move.
bool apply_ending_word(ShogiGame& game, std::string_view word);

// "2026/11/21 09:30:00" from "2026-11-21T09:30:00Z" (KIF and CSA write dates this way).
std::string record_date(std::string_view iso);
// Lines of a text, without their line breaks; a UTF-8 byte order mark is dropped.
std::vector<std::string_view> record_lines(std::string_view text);
Error record_error(std::size_t line, std::string message);

// What a KIF or KI2 header says: the start (手合割, or a BOD diagram with its hands and
// 後手番), the players and event, and the index of the first line after the header.
struct KifStart {
  Position start;
  std::size_t first_move_line = 0;
  RecordInfo info;
};
// Errors: bad_record naming the line (an unknown 手合割, a bad diagram row).
Result<KifStart> read_kif_start(const Variant& v, const std::vector<std::string_view>& lines);

// The move text of a KIF move line ("  12 同　歩(77)   ( 0:01/00:00:03)" gives
// "同　歩(77)"), or of an ending ("投了").
std::string_view kif_move_token(std::string_view line);

Result<GamePtr> import_kif(const GameInfo& info, const Variant& v, std::string_view text);
Result<GamePtr> import_csa(const GameInfo& info, const Variant& v, std::string_view text);

}  // namespace banmen::shogi
