// Reversi evaluation: mobility (moves now and frontier discs that give the opponent moves
// later), corners, the X and C squares next to a still-empty corner, and in the last
// stretch the discs themselves and who gets the last move in each region (parity).
#include "engine/reversi_node.h"

namespace banmen::engine {
namespace {

using namespace reversi;

constexpr Bitboard kCorners = bit(0) | bit(7) | bit(56) | bit(63);

// Empty squares next to each disc set (in any direction).
Bitboard neighbours(Bitboard b) {
  Bitboard out = 0;
  for (Dir d : kDirs) out |= shift(b, d);
  return out;
}

int corner_terms(Bitboard own, Bitboard opp, Bitboard empty) {
  int score = 25 * (count(own & kCorners) - count(opp & kCorners));
  constexpr int corners[4] = {0, 7, 56, 63};
  constexpr int x_squares[4] = {9, 14, 49, 54};
  constexpr int c_squares[4][2] = {{1, 8}, {6, 15}, {48, 57}, {55, 62}};
  for (int i = 0; i < 4; ++i) {
    if (!(empty & bit(corners[i]))) continue;
    const Bitboard x = bit(x_squares[i]);
    score -= 12 * ((own & x) != 0) - 12 * ((opp & x) != 0);
    for (int s : c_squares[i]) score -= 4 * ((own & bit(s)) != 0) - 4 * ((opp & bit(s)) != 0);
  }
  return score;
}

}  // namespace

int evaluate_reversi(const Position& pos) {
  const Bitboard own = pos.own(), opp = pos.opp(), empty = ~(own | opp);
  const int empties = count(empty);
  const int mobility = count(legal_placements(own, opp)) - count(legal_placements(opp, own));
  const int frontier = count(neighbours(empty) & opp) - count(neighbours(empty) & own);
  int score = 8 * mobility + 2 * frontier + 4 * corner_terms(own, opp, empty);
  if (empties < 20) score += (20 - empties) * (count(own) - count(opp)) / 2;
  if (empties < 16) score += (empties % 2 == 1) ? 6 : -6;  // odd: we move last
  return score;
}

}  // namespace banmen::engine
