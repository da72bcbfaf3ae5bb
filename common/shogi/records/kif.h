// KIF, the Japanese game record format (Kakinoki style, UTF-8): move texts and BOD
// board diagrams. The record-level export and import are in record.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "shogi/position.h"

namespace banmen::shogi {

// "７六歩(77)", "同　歩(77)", "２二角成(88)", "５五角打". `prev` is the move before (for
// 同), kNoMove at the start. A declined promotion is written "２二角不成(88)" only when
// `mark_declined`: records leave it out, since several KIF readers reject it and the
// origin square already says everything.
std::string kif_move_text(const Variant& v, Move m, Move prev, bool mark_declined = false);

// Parses one move text of a KIF move line against the position before it; the answer
// holds what move_key() keeps. nullopt when the text is not a board move or drop.
std::optional<Move> parse_kif_move(const Position& pos, std::string_view text, Move prev);

// A square as KIF and KI2 write it: "７六" (full-width file, kanji rank).
std::string kif_square_name(const Variant& v, Square s);
// Kanji numerals used for ranks and counts ("一".."十八").
std::string kanji_number(int n);
// Piece name in KIF ("歩", "成香", "龍", ...). `board` picks the one-character promoted
// names used in board diagrams ("杏", "圭", "全").
std::string kif_piece_name(PieceType t, bool board = false);

// A BOD diagram (hands, board, side to move).
std::string format_bod(const Position& pos);
// Appends the SFEN of one diagram row ("|v香v桂 ・...|一") to `sfen_board`; false when the
// row is malformed.
bool read_bod_row(std::string_view line, std::string& sfen_board);
// Appends the SFEN of a diagram hand ("飛　歩五　" or "なし") of colour `c`; false when
// it names an unknown piece.
bool read_bod_hand(std::string_view text, Color c, std::string& sfen_hands);

}  // namespace banmen::shogi
