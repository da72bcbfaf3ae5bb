#include "shogi/impasse.h"

namespace banmen::shogi {

namespace {

int points_of(PieceType t) {
  const PieceType base = unpromoted(t);
  return base == kRook || base == kBishop ? 5 : 1;
}

// The enemy camp of `c` is the opponent's own camp.
bool in_enemy_camp(const Position& pos, Color c, Square s) {
  return pos.variant().camp[opposite(c)][s];
}

}  // namespace

int pieces_in_enemy_camp(const Position& pos, Color c) {
  int n = 0;
  for (Square s : pos.variant().squares) {
    const Piece p = pos.at(s);
    if (is_piece(p) && color_of(p) == c && type_of(p) != kKing && in_enemy_camp(pos, c, s)) ++n;
  }
  return n;
}

int impasse_points(const Position& pos, Color c) {
  int points = 0;
  for (Square s : pos.variant().squares) {
    const Piece p = pos.at(s);
    if (is_piece(p) && color_of(p) == c && type_of(p) != kKing && in_enemy_camp(pos, c, s))
      points += points_of(type_of(p));
  }
  for (int t = kPawn; t <= kRook; ++t)
    points += pos.hand(c, PieceType(t)) * points_of(PieceType(t));
  return points;
}

bool impasse_declaration_valid(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square k = pos.king(us);
  if (k == kNoSquare || !in_enemy_camp(pos, us, k)) return false;
  if (pos.in_check()) return false;
  if (pieces_in_enemy_camp(pos, us) < 10) return false;
  return impasse_points(pos, us) >= (us == kBlack ? 28 : 27);
}

}  // namespace banmen::shogi
