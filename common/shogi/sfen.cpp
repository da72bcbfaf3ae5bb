#include "shogi/sfen.h"

#include <charconv>
#include <optional>
#include <string>
#include <vector>

namespace banmen::shogi {

namespace {

constexpr PieceType kHandOrder[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};

Error bad(std::string message) {
  return make_error(errc::bad_position, std::move(message));
}

std::string color_name(Color c) {
  return c == kBlack ? "black" : "white";
}

std::string type_name(PieceType t) {
  static const char* names[] = {"",     "pawn",   "lance", "knight", "silver",
                                "gold", "bishop", "rook",  "king"};
  return names[unpromoted(t)];
}

// The colour and type of an SFEN piece letter; kNoType for anything else.
PieceType letter_type(char ch, Color& c) {
  if (ch >= 'A' && ch <= 'Z') {
    c = kBlack;
    return type_from_letter(ch);
  }
  if (ch >= 'a' && ch <= 'z') {
    c = kWhite;
    return type_from_letter(char(ch - 'a' + 'A'));
  }
  return kNoType;
}

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

// Reads the board field; counts[] receives the pieces of each unpromoted type.
std::optional<Error> parse_board(const Variant& v, std::string_view field, Position& pos,
                                 int counts[kHandTypeCount]) {
  int row = 0, col = 0;
  bool plus = false;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const char ch = field[i];
    const std::string where = "rank " + std::string(1, char('a' + row));
    if (ch == '/') {
      if (plus) return bad("'+' must be followed by a piece in " + where);
      if (col != v.files)
        return bad(where + " has " + std::to_string(col) + " squares, expected " +
                   std::to_string(v.files));
      if (++row >= v.ranks) return bad("too many ranks: expected " + std::to_string(v.ranks));
      col = 0;
    } else if (ch >= '1' && ch <= '9') {
      if (plus) return bad("'+' must be followed by a piece in " + where);
      col += ch - '0';
      if (col > v.files)
        return bad(where + " has more than " + std::to_string(v.files) + " squares");
    } else if (ch == '+') {
      if (plus) return bad("two '+' in a row in " + where);
      plus = true;
    } else {
      Color c = kBlack;
      const PieceType t = letter_type(ch, c);
      if (t == kNoType) return bad("unknown piece '" + std::string(1, ch) + "' in " + where);
      if (v.piece_count[t] == 0)
        return bad(std::string(v.id) + " has no " + type_name(t) + " ('" + std::string(1, ch) +
                   "')");
      if (plus && !can_promote(t))
        return bad("a " + type_name(t) + " cannot be promoted (" + where + ")");
      if (col >= v.files)
        return bad(where + " has more than " + std::to_string(v.files) + " squares");
      const PieceType real = plus ? promoted(t) : t;
      const Square s = make_square(col, row);
      const Piece p = make_piece(c, real);
      if (v.dead[p][s])
        return bad(color_name(c) + " " + type_name(t) + " on " + v.square_name(s) +
                   " could never move (last rank)");
      if (real == kKing && pos.king(c) != kNoSquare) return bad("two " + color_name(c) + " kings");
      if (real == kPawn && (pos.pawn_files(c) >> col & 1))
        return bad("two unpromoted " + color_name(c) + " pawns on file " +
                   std::to_string(v.files - col));
      pos.put(s, p);
      ++counts[t];
      ++col;
      plus = false;
    }
  }
  if (plus) return bad("'+' at the end of the board");
  if (row != v.ranks - 1 || col != v.files) {
    if (row != v.ranks - 1)
      return bad("the board has " + std::to_string(row + 1) + " ranks, expected " +
                 std::to_string(v.ranks));
    return bad("rank " + std::string(1, char('a' + row)) + " has " + std::to_string(col) +
               " squares, expected " + std::to_string(v.files));
  }
  return std::nullopt;
}

std::optional<Error> parse_hands(const Variant& v, std::string_view field, Position& pos,
                                 int counts[kHandTypeCount]) {
  if (field == "-") return std::nullopt;
  bool seen[2][kHandTypeCount] = {};
  std::size_t i = 0;
  while (i < field.size()) {
    int n = 1;
    if (field[i] >= '0' && field[i] <= '9') {
      std::size_t j = i;
      while (j < field.size() && j - i < 3 && field[j] >= '0' && field[j] <= '9') ++j;
      std::from_chars(field.data() + i, field.data() + j, n);
      if (n < 1) return bad("a hand count must be at least 1");
      i = j;
      if (i >= field.size()) return bad("a hand count must be followed by a piece");
    }
    const char ch = field[i++];
    Color c = kBlack;
    const PieceType t = letter_type(ch, c);
    if (t == kNoType) return bad("unknown piece '" + std::string(1, ch) + "' in the hands");
    if (t == kKing) return bad("a king cannot be in hand");
    if (v.piece_count[t] == 0)
      return bad(std::string(v.id) + " has no " + type_name(t) + " to hold");
    if (seen[c][t]) return bad("the hands list " + std::string(1, ch) + " twice");
    seen[c][t] = true;
    if (n > v.piece_count[t])
      return bad("too many " + type_name(t) + "s in hand: " + std::to_string(n));
    pos.set_hand(c, t, n);
    counts[t] += n;
  }
  return std::nullopt;
}

}  // namespace

Result<Position> parse_sfen(const Variant& v, std::string_view text) {
  if (text.size() > kMaxSfenLength) return bad("position is too long");
  if (text.starts_with("sfen ")) text.remove_prefix(5);
  const auto fields = split_fields(text);
  if (fields.size() < 3 || fields.size() > 4)
    return bad("expected 3 or 4 fields (board, side, hands, move number), found " +
               std::to_string(fields.size()));
  Position pos(v);
  int counts[kHandTypeCount] = {};
  if (auto e = parse_board(v, fields[0], pos, counts)) return *e;
  if (fields[1] != "b" && fields[1] != "w")
    return bad("side to move must be 'b' or 'w', not '" + std::string(fields[1]) + "'");
  pos.set_side(fields[1] == "b" ? kBlack : kWhite);
  if (auto e = parse_hands(v, fields[2], pos, counts)) return *e;
  if (fields.size() == 4) {
    int n = 0;
    auto f = fields[3];
    auto [p, ec] = std::from_chars(f.data(), f.data() + f.size(), n);
    if (ec != std::errc() || p != f.data() + f.size() || n < 1 || n > 100000)
      return bad("move number must be a whole number from 1, not '" + std::string(f) + "'");
    pos.set_move_number(n);
  }
  for (int t = kPawn; t <= kKing; ++t) {
    if (counts[t] > v.piece_count[t])
      return bad("too many " + type_name(PieceType(t)) + "s: " + std::to_string(counts[t]) +
                 " (the set has " + std::to_string(v.piece_count[t]) + ")");
  }
  for (Color c : {kBlack, kWhite})
    if (pos.king(c) == kNoSquare) return bad(color_name(c) + " has no king");
  const Color waiting = opposite(pos.side_to_move());
  if (pos.attacked(pos.king(waiting), pos.side_to_move()))
    return bad("the side not to move (" + color_name(waiting) + ") is in check");
  return pos;
}

std::string format_hands(const Position& pos) {
  std::string out;
  for (Color c : {kBlack, kWhite}) {
    for (PieceType t : kHandOrder) {
      int n = pos.hand(c, t);
      if (n == 0) continue;
      if (n > 1) out += std::to_string(n);
      char letter = sfen_letter(t);
      out += c == kBlack ? letter : char(letter - 'A' + 'a');
    }
  }
  return out.empty() ? "-" : out;
}

std::string format_sfen(const Position& pos) {
  const Variant& v = pos.variant();
  std::string out;
  for (int row = 0; row < v.ranks; ++row) {
    if (row) out += '/';
    int empty = 0;
    for (int col = 0; col < v.files; ++col) {
      const Piece p = pos.at(make_square(col, row));
      if (p == kEmpty) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      if (is_promoted(type_of(p))) out += '+';
      char letter = sfen_letter(type_of(p));
      out += color_of(p) == kBlack ? letter : char(letter - 'A' + 'a');
    }
    if (empty) out += char('0' + empty);
  }
  out += pos.side_to_move() == kBlack ? " b " : " w ";
  out += format_hands(pos);
  out += ' ';
  out += std::to_string(pos.move_number());
  return out;
}

std::string usi_move(const Variant& v, Move m) {
  if (is_drop(m))
    return std::string(1, sfen_letter(drop_type(m))) + "*" + v.square_name(move_to(m));
  std::string s = v.square_name(move_from(m)) + v.square_name(move_to(m));
  if (is_promotion(m)) s += '+';
  return s;
}

Result<Move> parse_usi(const Variant& v, std::string_view text) {
  auto fail = [&] {
    std::string message = "'";
    message.append(text.substr(0, 16));
    message.append("' is not a USI move");
    return make_error(errc::bad_move, std::move(message));
  };
  if (text.size() == 4 && text[1] == '*') {
    const PieceType t = type_from_letter(text[0]);
    const Square to = v.parse_square(text[2], text[3]);
    if (t == kNoType || t == kKing || to == kNoSquare) return fail();
    return make_drop(t, to, kBlack) & (0xffffu | kDropFlag);
  }
  if (text.size() != 4 && !(text.size() == 5 && text[4] == '+')) return fail();
  const Square from = v.parse_square(text[0], text[1]);
  const Square to = v.parse_square(text[2], text[3]);
  if (from == kNoSquare || to == kNoSquare || from == to) return fail();
  return make_board_move(from, to, kEmpty, kEmpty, text.size() == 5);
}

}  // namespace banmen::shogi
