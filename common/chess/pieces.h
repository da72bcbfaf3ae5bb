// How each piece kind moves, written as data: leaps (jumps to a fixed offset) and rides
// (slides any distance along a direction until blocked). Move generation, attack tests,
// pins and checks all read these tables, so a new fairy piece is a new row here (a
// nightrider is rides {1,2}, {2,1}, ...; a camel is leaps {1,3}, {3,1}, ...) plus a letter.
//
// Conventions the generator relies on: every set of offsets is symmetric (contains -d for
// each d), so "x attacks y" equals "y would attack x"; the pawn's forward step, double
// step, diagonal capture and promotion, and the king's castling and royalty, are rules of
// their own in movegen.cpp, not data.
#pragma once

#include <span>

#include "chess/types.h"

namespace banmen::chess {

struct Step {
  int df;  // files to the right (towards h)
  int dr;  // ranks up (towards rank 8)
};

struct KindRule {
  char letter;  // lower case, as FEN writes black pieces
  std::span<const Step> leaps;
  std::span<const Step> rides;
  bool minor;  // a knight or bishop, for the insufficient material rules
};

inline constexpr Step kKnightLeaps[] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                        {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
inline constexpr Step kKingLeaps[] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                      {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
inline constexpr Step kDiagonalRides[] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
inline constexpr Step kOrthogonalRides[] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
inline constexpr Step kQueenRides[] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                       {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

// Indexed by Kind.
inline constexpr KindRule kKindRules[kKinds] = {
    {'p', {}, {}, false},
    {'n', kKnightLeaps, {}, true},
    {'b', {}, kDiagonalRides, true},
    {'r', {}, kOrthogonalRides, false},
    {'q', {}, kQueenRides, false},
    {'k', kKingLeaps, {}, false},
};

// Pawns: forward direction and capture offsets by colour.
constexpr int pawn_forward(Color c) {
  return c == kWhite ? 1 : -1;
}
constexpr int pawn_start_rank(Color c) {
  return c == kWhite ? 1 : kRanks - 2;
}
constexpr int promotion_rank(Color c) {
  return c == kWhite ? kRanks - 1 : 0;
}

// Castling geometry of the standard array: king on the e-file, rooks in the corners.
struct CastleRule {
  Castling right;
  Square king_from, king_to, rook_from, rook_to;
};
inline constexpr int kKingStartFile = 4;
inline constexpr CastleRule kCastleRules[4] = {
    {kWhiteShort, make_square(kKingStartFile, 0), make_square(kFiles - 2, 0),
     make_square(kFiles - 1, 0), make_square(kFiles - 3, 0)},
    {kWhiteLong, make_square(kKingStartFile, 0), make_square(2, 0), make_square(0, 0),
     make_square(3, 0)},
    {kBlackShort, make_square(kKingStartFile, kRanks - 1), make_square(kFiles - 2, kRanks - 1),
     make_square(kFiles - 1, kRanks - 1), make_square(kFiles - 3, kRanks - 1)},
    {kBlackLong, make_square(kKingStartFile, kRanks - 1), make_square(2, kRanks - 1),
     make_square(0, kRanks - 1), make_square(3, kRanks - 1)},
};

}  // namespace banmen::chess
