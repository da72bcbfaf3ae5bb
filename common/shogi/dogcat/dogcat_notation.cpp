#include "shogi/dogcat/dogcat_notation.h"

#include <charconv>
#include <optional>
#include <vector>

namespace banmen::shogi {

namespace {

Error bad(std::string message) {
  return make_error(errc::bad_position, std::move(message));
}

char cased(char upper, Color c) {
  return c == kBlack ? upper : char(upper - 'A' + 'a');
}

std::string side_name(Color c) {
  return c == kBlack ? "Dog" : "Cat";
}

// The colour and dog-cat type of a piece letter; kNoType for anything else.
PieceType letter_type(char ch, Color& c) {
  c = (ch >= 'a' && ch <= 'z') ? kWhite : kBlack;
  const char upper = c == kWhite ? char(ch - 'a' + 'A') : ch;
  for (PieceType t : kDogcatTypes)
    if (sfen_letter(t) == upper) return t;
  return kNoType;
}

std::optional<Error> unknown_letter(char ch, const std::string& where) {
  if (ch == 'X' || ch == 'x')
    return bad("'" + std::string(1, ch) + "' in " + where +
               " stands for a piece hidden from the viewer; only full positions can be loaded");
  return bad("unknown piece '" + std::string(1, ch) + "' in " + where);
}

std::optional<Error> parse_board(std::string_view field, DogcatPosition& pos) {
  const Variant& v = dogcat_variant();
  int row = 0, col = 0;
  char mark = 0;
  bool plus = false;
  for (char ch : field) {
    const std::string where = "rank " + std::string(1, char('a' + row));
    const bool pending = mark || plus;
    if (ch == '/') {
      if (pending) return bad("a mark must be followed by a piece in " + where);
      if (col != v.files) return bad(where + " has " + std::to_string(col) + " squares, not 5");
      if (++row >= v.ranks) return bad("too many ranks: expected 5");
      col = 0;
    } else if (ch >= '1' && ch <= '9') {
      if (pending) return bad("a mark must be followed by a piece in " + where);
      col += ch - '0';
      if (col > v.files) return bad(where + " has more than 5 squares");
    } else if (ch == '?' || ch == '!') {
      if (pending) return bad("two marks in a row in " + where);
      mark = ch;
    } else if (ch == '+') {
      if (plus) return bad("two '+' in a row in " + where);
      if (mark) return bad("a hidden piece cannot be promoted (" + where + ")");
      plus = true;
    } else {
      Color c = kBlack;
      const PieceType t = letter_type(ch, c);
      if (t == kNoType) return unknown_letter(ch, where);
      if (plus && !can_promote(t)) return bad("'" + std::string(1, ch) + "' cannot be promoted");
      if (col >= v.files) return bad(where + " has more than 5 squares");
      if (mark == '!' && t == kKing)
        return bad("a hidden king is always a candidate ('!" + std::string(1, ch) + "')");
      if (t == kKing && !mark) return bad("a king on the board is always hidden (" + where + ")");
      pos.put(make_square(col, row), make_piece(c, plus ? promoted(t) : t), mark != 0, mark == '?');
      ++col;
      mark = 0;
      plus = false;
    }
  }
  if (mark || plus) return bad("a mark at the end of the board");
  if (row != v.ranks - 1) return bad("the board has " + std::to_string(row + 1) + " ranks, not 5");
  if (col != v.files) return bad("rank e has " + std::to_string(col) + " squares, not 5");
  return std::nullopt;
}

std::optional<Error> parse_hands(std::string_view field, DogcatPosition& pos) {
  if (field == "-") return std::nullopt;
  int faceup[2][kHandTypeCount] = {}, hidden[2][kHandTypeCount] = {};
  bool listed[2][2][kHandTypeCount] = {};  // [hidden][colour][type]
  std::size_t i = 0;
  while (i < field.size()) {
    int n = 1;
    bool counted = false;
    if (field[i] >= '0' && field[i] <= '9') {
      std::size_t j = i;
      while (j < field.size() && j - i < 2 && field[j] >= '0' && field[j] <= '9') ++j;
      std::from_chars(field.data() + i, field.data() + j, n);
      counted = true;
      i = j;
    }
    const bool is_hidden = i < field.size() && field[i] == '?';
    if (is_hidden) ++i;
    if (i >= field.size()) return bad("the hands end in the middle of a piece");
    const char ch = field[i++];
    Color c = kBlack;
    const PieceType t = letter_type(ch, c);
    if (t == kNoType) return unknown_letter(ch, "the hands");
    if (n < 1 || n > 2)
      return bad("a hand holds 1 or 2 pieces of a type, not " + std::to_string(n));
    if (is_hidden && counted) return bad("a side has one hidden piece of each type at most");
    if (listed[is_hidden][c][t]) return bad("the hands list '" + std::string(1, ch) + "' twice");
    listed[is_hidden][c][t] = true;
    (is_hidden ? hidden : faceup)[c][t] = n;
  }
  for (Color c : {kBlack, kWhite})
    for (PieceType t : kDogcatTypes) pos.set_hand(c, t, faceup[c][t], hidden[c][t]);
  return std::nullopt;
}

// The facts every reachable position has: two of each type, one hidden piece of a type
// per side, and each king hidden by its owner or face up in the hand that captured it.
std::optional<Error> check_material(const DogcatPosition& pos) {
  int total[kHandTypeCount] = {}, hidden[2][kHandTypeCount] = {};
  for (Square s : dogcat_variant().squares) {
    const Piece p = pos.at(s);
    if (p == kEmpty) continue;
    const PieceType t = unpromoted(type_of(p));
    ++total[t];
    if (pos.hidden(s)) ++hidden[color_of(p)][t];
  }
  for (Color c : {kBlack, kWhite}) {
    for (PieceType t : kDogcatTypes) {
      total[t] += pos.faceup_hand(c, t) + pos.hidden_hand(c, t);
      hidden[c][t] += pos.hidden_hand(c, t);
      if (hidden[c][t] > 1)
        return bad(side_name(c) + " has two hidden '" + std::string(1, cased(sfen_letter(t), c)) +
                   "'");
    }
  }
  for (PieceType t : kDogcatTypes)
    if (total[t] > 2)
      return bad("too many '" + std::string(1, sfen_letter(t)) + "': the set has two");
  int captured = 0;
  for (Color c : {kBlack, kWhite}) {
    const int taken = pos.faceup_hand(opposite(c), kKing);
    captured += taken;
    if (hidden[c][kKing] + taken != 1)
      return bad(side_name(c) + " needs exactly one king, hidden by its owner or captured");
  }
  if (captured > 1) return bad("both kings are captured");
  return std::nullopt;
}

}  // namespace

Sight sight_of(Viewer viewer, bool game_over) {
  if (game_over || viewer == Viewer::referee) return kSeeAll;
  if (is_seat(viewer)) return see(Color(seat_of(viewer)));
  return kSeeNone;
}

std::string format_dogcat(const DogcatPosition& pos, Sight sight) {
  const Variant& v = dogcat_variant();
  std::string out;
  for (int row = 0; row < v.ranks; ++row) {
    if (row) out += '/';
    int empty = 0;
    for (int col = 0; col < v.files; ++col) {
      const Square s = make_square(col, row);
      const Piece p = pos.at(s);
      if (p == kEmpty) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      const Color c = color_of(p);
      if (pos.hidden(s)) {
        out += pos.candidate(s) ? '?' : '!';
        out += cased(sees(sight, c) ? sfen_letter(type_of(p)) : 'X', c);
        continue;
      }
      if (is_promoted(type_of(p))) out += '+';
      out += cased(sfen_letter(type_of(p)), c);
    }
    if (empty) out += char('0' + empty);
  }
  out += pos.side_to_move() == kBlack ? " b " : " w ";
  const std::size_t hand_start = out.size();
  for (Color c : {kBlack, kWhite}) {
    for (PieceType t : kDogcatTypes) {
      if (!pos.hidden_hand(c, t)) continue;
      out += '?';
      out += cased(sees(sight, c) ? sfen_letter(t) : 'X', c);
    }
    for (PieceType t : kDogcatTypes) {
      const int n = pos.faceup_hand(c, t);
      if (n > 1) out += std::to_string(n);
      if (n > 0) out += cased(sfen_letter(t), c);
    }
  }
  if (out.size() == hand_start) out += '-';
  out += ' ';
  out += std::to_string(pos.move_number());
  return out;
}

Result<DogcatPosition> parse_dogcat(std::string_view text) {
  if (text.size() > kMaxDogcatPositionLength) return bad("position is too long");
  std::vector<std::string_view> fields;
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) fields.push_back(text.substr(i, j - i));
    i = j;
  }
  if (fields.size() != 4)
    return bad("expected 4 fields (board, side, hands, move number), found " +
               std::to_string(fields.size()));
  DogcatPosition pos;
  if (auto e = parse_board(fields[0], pos)) return *e;
  if (fields[1] != "b" && fields[1] != "w")
    return bad("side to move must be 'b' or 'w', not '" + std::string(fields[1].substr(0, 8)) +
               "'");
  pos.set_side(fields[1] == "b" ? kBlack : kWhite);
  if (auto e = parse_hands(fields[2], pos)) return *e;
  int n = 0;
  const auto f = fields[3];
  auto [p, ec] = std::from_chars(f.data(), f.data() + f.size(), n);
  if (ec != std::errc() || p != f.data() + f.size() || n < 1 || n > 100000)
    return bad("move number must be a whole number from 1 to 100000");
  pos.set_move_number(n);
  if (auto e = check_material(pos)) return *e;
  return pos;
}

std::string dogcat_move_text(Move m, Color mover, Sight sight) {
  const Variant& v = dogcat_variant();
  const std::string to = v.square_name(move_to(m));
  if (is_hidden_drop(m))
    return sees(sight, mover) ? "?" + std::string(1, sfen_letter(drop_type(m))) + "*" + to
                              : "?*" + to;
  if (is_drop(m)) return std::string(1, sfen_letter(drop_type(m))) + "*" + to;
  return v.square_name(move_from(m)) + to + (is_promotion(m) ? "+" : "");
}

Result<Move> parse_dogcat_move(std::string_view text) {
  const Variant& v = dogcat_variant();
  auto fail = [&] {
    return make_error(errc::bad_move, "'" + std::string(text.substr(0, 16)) +
                                          "' is not a dog-cat move (3e3d, 3b3a+, R*2c or ?R*2e)");
  };
  const bool hidden = text.starts_with('?');
  const std::string_view body = hidden ? text.substr(1) : text;
  if (body.size() == 4 && body[1] == '*') {
    Color c = kBlack;
    const PieceType t = letter_type(body[0], c);
    const Square to = v.parse_square(body[2], body[3]);
    if (t == kNoType || c != kBlack || to == kNoSquare) return fail();
    return Move((make_drop(t, to, kBlack) & (0xffffu | kDropFlag)) |
                (hidden ? kHiddenDropFlag : 0));
  }
  if (hidden) return fail();
  if (text.size() != 4 && !(text.size() == 5 && text[4] == '+')) return fail();
  const Square from = v.parse_square(text[0], text[1]);
  const Square to = v.parse_square(text[2], text[3]);
  if (from == kNoSquare || to == kNoSquare || from == to) return fail();
  return make_board_move(from, to, kEmpty, kEmpty, text.size() == 5);
}

}  // namespace banmen::shogi
