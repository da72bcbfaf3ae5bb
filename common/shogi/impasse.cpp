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

ImpasseCount impasse_count(const Position& pos, Color c) {
  const Square k = pos.king(c);
  return {k != kNoSquare && in_enemy_camp(pos, c, k), pieces_in_enemy_camp(pos, c),
          impasse_points(pos, c), c == kBlack ? 28 : 27};
}

bool impasse_declaration_valid(const Position& pos) {
  const Color us = pos.side_to_move();
  const ImpasseCount count = impasse_count(pos, us);
  return count.king_in_enemy_camp && !pos.in_check() && count.pieces_in_enemy_camp >= 10 &&
         count.points >= count.points_needed;
}

}  // namespace banmen::shogi
