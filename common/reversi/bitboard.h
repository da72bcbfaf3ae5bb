// Reversi on 64-bit boards: one bit per square, bit = row * 8 + column, where row 0 is row
// "1" (the top) and column 0 is column "a" (the left), as in the position string.
//
// Everything here is constexpr and branch-light so perft stays fast: legal placements are
// found for all squares at once by shifting the mover's discs through runs of opponent
// discs in each of the eight directions.
#pragma once

#include <bit>
#include <cstdint>

namespace banmen::reversi {

using Bitboard = std::uint64_t;

inline constexpr int kSquares = 64;
inline constexpr Bitboard kColumnA = 0x0101010101010101ULL;
inline constexpr Bitboard kColumnH = 0x8080808080808080ULL;

constexpr Bitboard bit(int square) {
  return Bitboard{1} << square;
}

// The eight directions. Shifting drops discs that would wrap around a side edge.
enum class Dir { east, west, south, north, south_east, south_west, north_east, north_west };
inline constexpr Dir kDirs[] = {Dir::east,       Dir::west,       Dir::south,      Dir::north,
                                Dir::south_east, Dir::south_west, Dir::north_east, Dir::north_west};

constexpr Bitboard shift(Bitboard b, Dir d) {
  switch (d) {
    case Dir::east:
      return (b & ~kColumnH) << 1;
    case Dir::west:
      return (b & ~kColumnA) >> 1;
    case Dir::south:
      return b << 8;
    case Dir::north:
      return b >> 8;
    case Dir::south_east:
      return (b & ~kColumnH) << 9;
    case Dir::south_west:
      return (b & ~kColumnA) << 7;
    case Dir::north_east:
      return (b & ~kColumnH) >> 7;
    case Dir::north_west:
      return (b & ~kColumnA) >> 9;
  }
  return 0;
}

// Every empty square where `own` may place a disc: a run of one or more `opp` discs in
// some direction, ended by an `own` disc. A run is at most six discs long.
constexpr Bitboard legal_placements(Bitboard own, Bitboard opp) {
  const Bitboard empty = ~(own | opp);
  Bitboard moves = 0;
  for (Dir d : kDirs) {
    Bitboard run = shift(own, d) & opp;
    for (int i = 0; i < 5; ++i) run |= shift(run, d) & opp;
    moves |= shift(run, d) & empty;
  }
  return moves;
}

// The opponent discs a disc placed on `square` flips: every run that `own` closes.
constexpr Bitboard flips(Bitboard own, Bitboard opp, int square) {
  Bitboard all = 0;
  for (Dir d : kDirs) {
    Bitboard line = 0;
    Bitboard x = shift(bit(square), d);
    while (x & opp) {
      line |= x;
      x = shift(x, d);
    }
    if (x & own) all |= line;
  }
  return all;
}

constexpr int count(Bitboard b) {
  return std::popcount(b);
}

}  // namespace banmen::reversi
