#include "shogi/movegen.h"

#include "shogi/legality.h"
#include "shogi/pseudo_moves.h"

namespace banmen::shogi {

namespace {

constexpr std::uint8_t dir_bit(int d) {
  return std::uint8_t(1u << d);
}

// What the side to move must respect this turn: its pinned pieces and, in check, the
// squares a non-king move must land on.
struct Constraints {
  int checkers = 0;
  Square targets[9];  // in single check: the checker and the squares between it and the king
  int target_count = 0;
  Square pinned[8];
  std::uint8_t pin_mask[8];  // the two directions along the pin line
  int pinned_count = 0;

  bool is_target(Square s) const {
    for (int i = 0; i < target_count; ++i)
      if (targets[i] == s) return true;
    return false;
  }
  std::uint8_t mask_of(Square s) const {
    for (int i = 0; i < pinned_count; ++i)
      if (pinned[i] == s) return pin_mask[i];
    return 0xff;
  }
};

// Walks the eight lines and the knight squares around the king once, finding checkers
// (with their interposition squares) and pinned pieces.
Constraints scan_king(const Position& pos, Color us, Square ksq) {
  const auto& t = piece_tables();
  const Color them = opposite(us);
  const Piece mine = color_bit(us), theirs = color_bit(them);
  Constraints c;
  for (int d = 0; d < 8; ++d) {
    Square s = Square(ksq + kDelta[d]);
    Piece p = pos.at(s);
    if (p & theirs) {
      if (near_mask(p) >> reverse(d) & 1) {
        if (++c.checkers == 1) c.targets[c.target_count++] = s;
      }
      continue;
    }
    Square first_own = kNoSquare;
    if (p & mine) {
      first_own = s;
    } else if (p != kEmpty) {
      continue;  // wall
    }
    // Slide on: the first non-empty cell past the king (or past our first piece).
    int between = 0;
    Square line[8];
    for (;;) {
      if (first_own == kNoSquare) line[between++] = s;
      s = Square(s + kDelta[d]);
      p = pos.at(s);
      if (p == kEmpty) continue;
      if ((p & mine) && first_own == kNoSquare) {
        first_own = s;
        continue;
      }
      break;
    }
    if (!(p & theirs) || !(t.slide[p] >> reverse(d) & 1)) continue;
    if (first_own != kNoSquare) {
      c.pinned[c.pinned_count] = first_own;
      c.pin_mask[c.pinned_count++] = dir_bit(d) | dir_bit(reverse(d));
    } else if (++c.checkers == 1) {
      for (int i = 0; i < between; ++i) c.targets[c.target_count++] = line[i];
      c.targets[c.target_count++] = s;
    }
  }
  const Piece knight = make_piece(them, kKnight);
  for (int k : t.knight_delta[them]) {
    int from = ksq - k;
    if (from >= 0 && from < kSquareCount && pos.at(Square(from)) == knight) {
      if (++c.checkers == 1) c.targets[c.target_count++] = Square(from);
    }
  }
  return c;
}

void add_king_moves(const Position& pos, MoveList& out, Square ksq, Color us) {
  const Piece king = pos.at(ksq);
  const Piece blocked = Piece(color_bit(us) | kWall);
  for (int d = 0; d < 8; ++d) {
    const Square to = Square(ksq + kDelta[d]);
    if (pos.at(to) & blocked) continue;
    if (!pos.attacked(to, opposite(us), ksq))
      out.push(make_board_move(ksq, to, king, pos.at(to), false));
  }
}

void add_drops(Position& pos, MoveList& out, const Constraints& c) {
  const Color us = pos.side_to_move();
  PieceType types[8];
  int n = 0;
  for (int t = kPawn; t <= kRook; ++t)
    if (pos.hand(us, PieceType(t))) types[n++] = PieceType(t);
  if (n == 0) return;
  const Variant& v = pos.variant();
  const std::uint16_t pawn_files = pos.pawn_files(us);
  const Square their_king = pos.king(opposite(us));
  const int forward = kDelta[us == kBlack ? kN : kS];
  for (Square s : v.squares) {
    if (pos.at(s) != kEmpty) continue;
    if (c.checkers && !c.is_target(s)) continue;
    for (int i = 0; i < n; ++i) {
      const Move m = make_drop(types[i], s, us);
      if (v.dead[moved_piece(m)][s]) continue;
      if (types[i] == kPawn) {
        if (pawn_files >> col_of(s) & 1) continue;
        if (s + forward == their_king && is_pawn_drop_mate(pos, m)) continue;
      }
      out.push(m);
    }
  }
}

}  // namespace

void generate_legal(Position& pos, MoveList& out) {
  out.clear();
  const Color us = pos.side_to_move();
  const Square ksq = pos.king(us);
  if (ksq == kNoSquare) {  // positions without a king are rejected by the codec
    generate_board_moves(pos, out);
    generate_drops(pos, out);
    return;
  }
  const Constraints c = scan_king(pos, us, ksq);
  add_king_moves(pos, out, ksq, us);
  if (c.checkers >= 2) return;
  const Piece own = color_bit(us);
  for (Square s : pos.variant().squares) {
    const Piece p = pos.at(s);
    if (!(p & own) || s == ksq) continue;
    const std::uint8_t mask = c.pinned_count ? c.mask_of(s) : 0xff;
    add_piece_moves(pos, out, s, mask, mask == 0xff);
  }
  // In check every non-king move must capture the checker or interpose.
  if (c.checkers)
    out.retain([&](Move m) { return move_from(m) == ksq || c.is_target(move_to(m)); });
  add_drops(pos, out, c);
}

bool has_legal_move(Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return !list.empty();
}

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList list;
  generate_legal(pos, list);
  if (depth == 1) return list.size();
  std::uint64_t n = 0;
  for (Move m : list) {
    pos.do_move(m);
    n += perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return n;
}

}  // namespace banmen::shogi
