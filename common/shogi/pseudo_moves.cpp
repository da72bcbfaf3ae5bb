#include "shogi/pseudo_moves.h"

namespace banmen::shogi {

void add_piece_moves(const Position& pos, MoveList& out, Square from, std::uint8_t dir_mask,
                     bool allow_jump) {
  const auto& t = piece_tables();
  const Piece p = pos.at(from);
  const Piece blocked = Piece(color_bit(color_of(p)) | kWall);  // own piece or off the board
  const std::uint8_t steps = t.step[p] & dir_mask;
  const std::uint8_t slides = t.slide[p] & dir_mask;
  for (int d = 0; d < 8; ++d) {
    if (steps >> d & 1) {
      const Square to = Square(from + kDelta[d]);
      if (!(pos.at(to) & blocked)) add_board_move(pos, out, from, to, p);
    } else if (slides >> d & 1) {
      Square to = from;
      for (;;) {
        to = Square(to + kDelta[d]);
        const Piece q = pos.at(to);
        if (q & blocked) break;
        add_board_move(pos, out, from, to, p);
        if (q) break;
      }
    }
  }
  if (allow_jump && t.knight[p]) {
    for (int k : t.knight_delta[color_of(p)]) {
      const Square to = Square(from + k);
      if (!(pos.at(to) & blocked)) add_board_move(pos, out, from, to, p);
    }
  }
}

void generate_board_moves(const Position& pos, MoveList& out) {
  const Piece own = color_bit(pos.side_to_move());
  for (Square s : pos.variant().squares)
    if (pos.at(s) & own) add_piece_moves(pos, out, s, 0xff, true);
}

void generate_drops(const Position& pos, MoveList& out) {
  const Color us = pos.side_to_move();
  if (pos.hand_empty(us)) return;
  for (Square s : pos.variant().squares) {
    if (pos.at(s) != kEmpty) continue;
    for (int t = kPawn; t < kHandTypeCount; ++t)
      if (pos.hand(us, PieceType(t))) out.push(make_drop(PieceType(t), s, us));
  }
}

}  // namespace banmen::shogi
