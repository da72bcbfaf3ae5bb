#include "chess/rules.h"

namespace banmen::chess {

namespace {

// Square colours: a1 is dark.
constexpr Bitboard build_light_squares() {
  Bitboard b = 0;
  for (Square s = 0; s < kSquares; ++s)
    if ((file_of(s) + rank_of(s)) % 2 == 1) b |= bb(s);
  return b;
}
constexpr Bitboard kLightSquares = build_light_squares();

bool bishops_on_both_colours(const Position& pos) {
  const Bitboard b = pos.kinds[kBishop];
  return (b & kLightSquares) && (b & ~kLightSquares);
}

}  // namespace

bool insufficient_material(const Position& pos) {
  if (pos.kinds[kPawn] | pos.kinds[kRook] | pos.kinds[kQueen]) return false;
  const Bitboard minors = pos.kinds[kKnight] | pos.kinds[kBishop];
  if (popcount(minors) <= 1) return true;
  return !pos.kinds[kKnight] && !bishops_on_both_colours(pos);
}

bool cannot_mate(const Position& pos, Color side) {
  const Bitboard own = pos.colors[side], other = pos.colors[~side];
  const Bitboard own_men = own & ~pos.kinds[kKing];
  if (!own_men) return true;
  // A lone knight mates only with help from a piece of the other side that can block its
  // king: a pawn, knight, bishop or rook (queens alone cannot box their king in).
  if (own_men == pos.pieces(side, kKnight) && popcount(own_men) == 1)
    return !(other &
             (pos.kinds[kPawn] | pos.kinds[kKnight] | pos.kinds[kBishop] | pos.kinds[kRook]));
  // Bishops alone mate only if bishops of both square colours exist (own or the other side's
  // as a blocker), or the other side has a knight or pawn to block with.
  if (own_men == pos.pieces(side, kBishop))
    return !bishops_on_both_colours(pos) && !(other & (pos.kinds[kKnight] | pos.kinds[kPawn]));
  return false;
}

}  // namespace banmen::chess
