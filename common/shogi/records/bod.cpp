// BOD board diagrams, the position part of KIF records.
#include <string>

#include "shogi/records/kif.h"

namespace banmen::shogi {

namespace {

constexpr PieceType kHandOrder[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};
constexpr std::string_view kWideFiles[] = {"",   "１", "２", "３", "４",
                                           "５", "６", "７", "８", "９"};

std::string hand_text(const Position& pos, Color c) {
  std::string out;
  for (PieceType t : kHandOrder) {
    const int n = pos.hand(c, t);
    if (n == 0) continue;
    out += kif_piece_name(t) + (n > 1 ? kanji_number(n) : "") + "　";
  }
  return out.empty() ? "なし" : out;
}

// The type named at the start of `s` (three bytes), either name form; kNoType if none.
PieceType name_at(std::string_view s) {
  for (int k = kPawn; k < kTypeCount; ++k) {
    for (bool one_char : {true, false}) {
      const std::string name = kif_piece_name(PieceType(k), one_char);
      if (name.size() == 3 && s.starts_with(name)) return PieceType(k);
    }
  }
  if (s.starts_with("王")) return kKing;
  if (s.starts_with("竜")) return kDragon;
  return kNoType;
}

char letter_for(PieceType t, Color c) {
  const char letter = sfen_letter(t);
  return c == kBlack ? letter : char(letter - 'A' + 'a');
}

}  // namespace

std::string format_bod(const Position& pos) {
  const Variant& v = pos.variant();
  std::string out = "後手の持駒：" + hand_text(pos, kWhite) + "\n";
  for (int f = v.files; f >= 1; --f) out += " " + std::string(kWideFiles[f]);
  out += "\n+" + std::string(std::size_t(v.files) * 3, '-') + "+\n";
  for (int row = 0; row < v.ranks; ++row) {
    out += "|";
    for (int col = 0; col < v.files; ++col) {
      const Piece p = pos.at(make_square(col, row));
      if (p == kEmpty) {
        out += " ・";
      } else {
        out += (color_of(p) == kWhite ? "v" : " ") + kif_piece_name(type_of(p), true);
      }
    }
    out += "|" + kanji_number(row + 1) + "\n";
  }
  out += "+" + std::string(std::size_t(v.files) * 3, '-') + "+\n";
  out += "先手の持駒：" + hand_text(pos, kBlack) + "\n";
  if (pos.side_to_move() == kWhite) out += "後手番\n";
  return out;
}

bool read_bod_row(std::string_view line, std::string& sfen_board) {
  // "|v香v桂 ・...|一": cells of a mark (' ' or 'v' for White) and a full-width name.
  std::string_view cells = line.substr(1);
  int empty = 0;
  while (!cells.empty() && cells[0] != '|') {
    if (cells[0] != ' ' && cells[0] != 'v') return false;
    const Color c = cells[0] == 'v' ? kWhite : kBlack;
    cells.remove_prefix(1);
    if (cells.starts_with("・")) {
      ++empty;
      cells.remove_prefix(3);
      continue;
    }
    const PieceType t = name_at(cells);
    if (t == kNoType) return false;
    cells.remove_prefix(3);
    if (empty) sfen_board += std::to_string(empty);
    empty = 0;
    if (is_promoted(t)) sfen_board += '+';
    sfen_board += letter_for(t, c);
  }
  if (empty) sfen_board += std::to_string(empty);
  return true;
}

bool read_bod_hand(std::string_view h, Color c, std::string& sfen_hands) {
  while (!h.empty()) {
    while (h.starts_with("　") || h.starts_with(" ")) h.remove_prefix(h[0] == ' ' ? 1 : 3);
    if (h.empty() || h.starts_with("なし")) return true;
    const PieceType t = name_at(h);
    if (t < kPawn || t > kRook) return false;
    h.remove_prefix(3);
    int n = 1;
    for (int k = 18; k >= 2; --k) {  // longest numerals first: 十八 before 十, 十二 before 二
      const std::string numeral = kanji_number(k);
      if (h.starts_with(numeral)) {
        n = k;
        h.remove_prefix(numeral.size());
        break;
      }
    }
    if (n > 1) sfen_hands += std::to_string(n);
    sfen_hands += letter_for(t, c);
  }
  return true;
}

}  // namespace banmen::shogi
