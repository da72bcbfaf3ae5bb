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

Result<GamePtr> import_kif(const GameInfo& info, const Variant& v, std::string_view text);
Result<GamePtr> import_csa(const GameInfo& info, const Variant& v, std::string_view text);

}  // namespace banmen::shogi
