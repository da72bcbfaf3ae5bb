#include "chess/notation.h"

#include "chess/fen.h"
#include "chess/movegen.h"

namespace banmen::chess {

namespace {

char upper(char c) {
  return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c;
}

Kind kind_from_upper_letter(char c) {
  for (int k = kKnight; k < kKinds; ++k)
    if (upper(kKindRules[k].letter) == c) return Kind(k);
  return kKinds;
}

bool is_capture(const Position& pos, Move m) {
  return m.flag() == kEnPassant || (m.flag() != kCastle && pos.board[m.to()] != kNoPiece);
}

// What a SAN string asks for, before it is matched against the legal moves.
struct SanQuery {
  bool castle_short = false, castle_long = false;
  Kind kind = kPawn;
  int from_file = -1, from_rank = -1;
  Square to = kNoSquare;
  Kind promotion = kKinds;  // kKinds: none written
};

Result<SanQuery> parse_san_text(std::string_view s) {
  const std::string shown(s.substr(0, 16));
  auto bad = [&] { return make_error(errc::bad_move, "'" + shown + "' is not a SAN move"); };
  while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?'))
    s.remove_suffix(1);
  SanQuery q;
  q.castle_short = s == "O-O" || s == "0-0";
  q.castle_long = s == "O-O-O" || s == "0-0-0";
  if (q.castle_short || q.castle_long) return q;
  if (s.size() < 2 || s.size() > 7) return bad();
  // Promotion at the end: "=Q", "=q" or "Q".
  const char before_last = s[s.size() - 2];
  const bool letter_after_eq = before_last == '=';
  const bool upper_after_rank =
      before_last >= '1' && before_last <= '9' && s.back() >= 'A' && s.back() <= 'Z';
  if (letter_after_eq || upper_after_rank) {
    q.promotion = kind_from_upper_letter(upper(s.back()));
    if (q.promotion == kKinds) return bad();
    s.remove_suffix(letter_after_eq ? 2 : 1);
  }
  if (s.size() < 2) return bad();
  q.to = parse_square(s.substr(s.size() - 2));
  if (q.to == kNoSquare) return bad();
  s.remove_suffix(2);
  if (!s.empty() && (s.back() == 'x' || s.back() == ':')) s.remove_suffix(1);
  if (!s.empty() && s.front() >= 'A' && s.front() <= 'Z') {
    q.kind = kind_from_upper_letter(s.front());
    if (q.kind == kKinds || q.kind == kPawn) return bad();
    s.remove_prefix(1);
  }
  if (!s.empty() && s.front() >= 'a' && s.front() < 'a' + kFiles) {
    q.from_file = s.front() - 'a';
    s.remove_prefix(1);
  }
  if (!s.empty() && s.front() >= '1' && s.front() < '1' + kRanks) {
    q.from_rank = s.front() - '1';
    s.remove_prefix(1);
  }
  if (!s.empty()) return bad();
  if (q.promotion != kKinds && q.kind != kPawn) return bad();
  return q;
}

bool matches(const Position& pos, Move m, const SanQuery& q) {
  if (m.flag() == kCastle)
    return file_of(m.to()) > file_of(m.from()) ? q.castle_short : q.castle_long;
  if (q.castle_short || q.castle_long) return false;
  if (m.to() != q.to || kind_of(pos.board[m.from()]) != q.kind) return false;
  if (q.from_file >= 0 && file_of(m.from()) != q.from_file) return false;
  if (q.from_rank >= 0 && rank_of(m.from()) != q.from_rank) return false;
  return m.is_promotion() ? q.promotion == m.promotion() : q.promotion == kKinds;
}

}  // namespace

std::string to_uci(Move m) {
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.is_promotion()) s += kKindRules[m.promotion()].letter;
  return s;
}

Result<Move> parse_uci(const Position& pos, std::string_view uci) {
  const std::string shown(uci.substr(0, 16));
  if (uci.size() < 4 || uci.size() > 5 || parse_square(uci.substr(0, 2)) == kNoSquare ||
      parse_square(uci.substr(2, 2)) == kNoSquare ||
      (uci.size() == 5 && std::string_view("nbrq").find(uci[4]) == std::string_view::npos))
    return make_error(errc::bad_move, "'" + shown + "' is not a UCI move");
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves)
    if (to_uci(m) == uci) return m;
  return make_error(errc::illegal_move, shown + " is not a legal move here");
}

std::string to_san(const Position& pos, Move m) {
  std::string s;
  const Kind kind = kind_of(pos.board[m.from()]);
  if (m.flag() == kCastle) {
    s = file_of(m.to()) > file_of(m.from()) ? "O-O" : "O-O-O";
  } else if (kind == kPawn) {
    if (is_capture(pos, m)) s = std::string(1, char('a' + file_of(m.from()))) + 'x';
    s += square_name(m.to());
    if (m.is_promotion()) s += std::string("=") + upper(kKindRules[m.promotion()].letter);
  } else {
    s = upper(kKindRules[kind].letter);
    MoveList moves;
    generate_legal(pos, moves);
    bool rivals = false, same_file = false, same_rank = false;
    for (Move o : moves) {
      if (o.to() != m.to() || o.from() == m.from() || kind_of(pos.board[o.from()]) != kind)
        continue;
      rivals = true;
      same_file |= file_of(o.from()) == file_of(m.from());
      same_rank |= rank_of(o.from()) == rank_of(m.from());
    }
    if (rivals && (!same_file || same_rank)) s += char('a' + file_of(m.from()));
    if (rivals && same_file) s += char('1' + rank_of(m.from()));
    if (is_capture(pos, m)) s += 'x';
    s += square_name(m.to());
  }
  Position after = pos;
  after.make(m);
  if (after.in_check()) {
    MoveList replies;
    generate_legal(after, replies);
    s += replies.size ? '+' : '#';
  }
  return s;
}

Result<Move> parse_san(const Position& pos, std::string_view san) {
  auto q = parse_san_text(san);
  if (!q) return q.error();
  MoveList moves;
  generate_legal(pos, moves);
  Move found;
  int count = 0;
  for (Move m : moves) {
    if (!matches(pos, m, *q)) continue;
    found = m;
    ++count;
  }
  const std::string shown(san.substr(0, 16));
  if (count == 1) return found;
  if (count == 0) {
    // A pawn reaching the last rank must say what it becomes.
    if (q->kind == kPawn && q->promotion == kKinds && rank_of(q->to) == promotion_rank(pos.side))
      return make_error(errc::illegal_move, shown + " needs a promotion piece (=Q, =R, =B or =N)");
    return make_error(errc::illegal_move, shown + " is not a legal move here");
  }
  return make_error(errc::illegal_move, shown + " is ambiguous here");
}

}  // namespace banmen::chess
