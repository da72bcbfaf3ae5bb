#include <array>

#include "shogi/records/kif.h"

namespace banmen::shogi {

namespace {

constexpr std::array<std::string_view, 10> kWideDigits = {"０", "１", "２", "３", "４",
                                                          "５", "６", "７", "８", "９"};
constexpr std::array<std::string_view, 11> kKanji = {"〇", "一", "二", "三", "四", "五",
                                                     "六", "七", "八", "九", "十"};

struct Name {
  std::string_view text;
  PieceType type;
};
// Longest names first so "成香" is not read as a promotion marker followed by "香".
constexpr Name kNames[] = {
    {"成香", kProLance}, {"成桂", kProKnight}, {"成銀", kProSilver}, {"歩", kPawn},
    {"香", kLance},      {"桂", kKnight},      {"銀", kSilver},      {"金", kGold},
    {"角", kBishop},     {"飛", kRook},        {"玉", kKing},        {"王", kKing},
    {"と", kProPawn},    {"杏", kProLance},    {"圭", kProKnight},   {"全", kProSilver},
    {"馬", kHorse},      {"龍", kDragon},      {"竜", kDragon},
};

bool eat(std::string_view& s, std::string_view prefix) {
  if (!s.starts_with(prefix)) return false;
  s.remove_prefix(prefix.size());
  return true;
}

// A file digit (full-width or ASCII) or a rank (kanji or digit); -1 when none.
int eat_digit(std::string_view& s, bool kanji) {
  for (int i = 1; i <= 9; ++i) {
    if (eat(s, kWideDigits[i])) return i;
    if (kanji && eat(s, kKanji[i])) return i;
  }
  if (!s.empty() && s[0] >= '1' && s[0] <= '9') {
    int d = s[0] - '0';
    s.remove_prefix(1);
    return d;
  }
  return -1;
}

}  // namespace

std::string kanji_number(int n) {
  if (n <= 10) return std::string(kKanji[n]);
  if (n < 20) return std::string(kKanji[10]) + std::string(kKanji[n - 10]);
  return std::to_string(n);
}

std::string kif_piece_name(PieceType t, bool board) {
  if (board) {
    if (t == kProLance) return "杏";
    if (t == kProKnight) return "圭";
    if (t == kProSilver) return "全";
  }
  for (const Name& n : kNames)
    if (n.type == t) return std::string(n.text);
  return "?";
}

std::string kif_square_name(const Variant& v, Square s) {
  return std::string(kWideDigits[v.file_of(s)]) + std::string(kKanji[row_of(s) + 1]);
}

std::string kif_move_text(const Variant& v, Move m, Move prev, bool mark_declined) {
  const Square to = move_to(m);
  std::string out = prev != kNoMove && move_to(prev) == to ? "同　" : kif_square_name(v, to);
  if (is_drop(m)) return out + kif_piece_name(drop_type(m)) + "打";
  const Piece p = moved_piece(m);
  out += kif_piece_name(type_of(p));
  const Square from = move_from(m);
  if (is_promotion(m)) {
    out += "成";
  } else if (mark_declined && can_promote(type_of(p)) &&
             (v.zone[color_of(p)][from] || v.zone[color_of(p)][to])) {
    out += "不成";
  }
  return out + "(" + std::to_string(v.file_of(from)) + std::to_string(row_of(from) + 1) + ")";
}

std::optional<Move> parse_kif_move(const Position& pos, std::string_view s, Move prev) {
  const Variant& v = pos.variant();
  eat(s, "▲");
  eat(s, "△");
  Square to = kNoSquare;
  if (eat(s, "同")) {
    if (prev == kNoMove) return std::nullopt;
    to = move_to(prev);
    while (eat(s, "　") || eat(s, " ")) {
    }
  } else {
    int f = eat_digit(s, false), r = eat_digit(s, true);
    if (f < 1 || r < 1) return std::nullopt;
    to = v.parse_square(char('0' + f), char('a' + r - 1));
  }
  if (to == kNoSquare) return std::nullopt;
  PieceType type = kNoType;
  for (const Name& n : kNames) {
    if (eat(s, n.text)) {
      type = n.type;
      break;
    }
  }
  if (type == kNoType) return std::nullopt;
  // Move qualifiers some writers add (右, 左, 上, 引, 寄, 直, 行, 入) say nothing the origin
  // square does not already say.
  for (std::string_view q : {"右", "左", "上", "引", "寄", "直", "行", "入"}) eat(s, q);
  if (eat(s, "打")) {
    if (type > kRook) return std::nullopt;
    return make_drop(type, to, pos.side_to_move()) & (0xffffu | kDropFlag);
  }
  bool promote = false;
  if (!eat(s, "不成") && eat(s, "成")) promote = true;
  if (!eat(s, "(")) {
    // A drop written without 打 (allowed when no board piece can reach the square).
    if (type > kRook) return std::nullopt;
    return make_drop(type, to, pos.side_to_move()) & (0xffffu | kDropFlag);
  }
  int f = eat_digit(s, false), r = eat_digit(s, false);
  if (f < 1 || r < 1 || !eat(s, ")")) return std::nullopt;
  const Square from = v.parse_square(char('0' + f), char('a' + r - 1));
  if (from == kNoSquare) return std::nullopt;
  const Piece p = pos.at(from);
  if (!is_piece(p) || type_of(p) != type) return std::nullopt;  // the name must match
  return make_board_move(from, to, kEmpty, kEmpty, promote);
}

}  // namespace banmen::shogi
