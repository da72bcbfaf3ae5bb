#include "reversi/perft.h"

namespace banmen::reversi {

namespace {

std::uint64_t count_paths(Bitboard own, Bitboard opp, int depth) {
  if (depth == 0) return 1;
  Bitboard moves = legal_placements(own, opp);
  if (moves == 0) {
    if (legal_placements(opp, own) == 0) return 0;  // the game is over
    return count_paths(opp, own, depth - 1);        // the forced pass
  }
  if (depth == 1) return static_cast<std::uint64_t>(count(moves));
  std::uint64_t total = 0;
  while (moves) {
    const int sq = std::countr_zero(moves);
    moves &= moves - 1;
    const Bitboard flipped = flips(own, opp, sq);
    total += count_paths(opp & ~flipped, own | flipped | bit(sq), depth - 1);
  }
  return total;
}

}  // namespace

std::uint64_t perft(const Position& p, int depth) {
  return count_paths(p.own(), p.opp(), depth);
}

}  // namespace banmen::reversi
