// Attack tables computed at compile time from the piece data in pieces.h, and the attack
// functions move generation is built on. Sliding attacks use one ray per direction: the
// first blocker on a ray is its lowest or highest square depending on the direction's
// sign, so any rider direction (rook, bishop, or a fairy one) works the same way.
#pragma once

#include <cstdint>

#include "chess/pieces.h"
#include "chess/types.h"

namespace banmen::chess {

inline constexpr int kMaxDirections = 16;

struct AttackTables {
  int directions = 0;
  Step direction[kMaxDirections]{};
  bool ascending[kMaxDirections]{};             // the ray's squares grow in index
  std::uint8_t kinds_riding[kMaxDirections]{};  // bit k: kind k rides this direction
  std::uint16_t rides_of[kKinds]{};             // bit d: the kind rides direction d
  Bitboard ray[kMaxDirections][kSquares]{};     // every square along d, excluding the start
  Bitboard leaps[kKinds][kSquares]{};
  Bitboard pawn_attacks[2][kSquares]{};    // squares a pawn of that colour attacks
  Bitboard between[kSquares][kSquares]{};  // strictly between two squares on a common ray
};

constexpr Bitboard leap_set(Square s, std::span<const Step> steps) {
  Bitboard out = 0;
  for (Step st : steps) {
    int f = file_of(s) + st.df, r = rank_of(s) + st.dr;
    if (on_board(f, r)) out |= bb(make_square(f, r));
  }
  return out;
}

constexpr AttackTables build_attack_tables() {
  AttackTables t;
  for (int k = 0; k < kKinds; ++k) {
    for (Step st : kKindRules[k].rides) {
      int d = 0;
      while (d < t.directions && (t.direction[d].df != st.df || t.direction[d].dr != st.dr)) ++d;
      if (d == t.directions) {
        t.direction[d] = st;
        t.ascending[d] = st.dr > 0 || (st.dr == 0 && st.df > 0);
        ++t.directions;
      }
      t.kinds_riding[d] |= std::uint8_t(1u << k);
      t.rides_of[k] |= std::uint16_t(1u << d);
    }
  }
  for (Square s = 0; s < kSquares; ++s) {
    for (int k = 0; k < kKinds; ++k) t.leaps[k][s] = leap_set(s, kKindRules[k].leaps);
    const Step white_caps[] = {{-1, 1}, {1, 1}};
    const Step black_caps[] = {{-1, -1}, {1, -1}};
    t.pawn_attacks[kWhite][s] = leap_set(s, white_caps);
    t.pawn_attacks[kBlack][s] = leap_set(s, black_caps);
    for (int d = 0; d < t.directions; ++d) {
      Bitboard passed = 0;
      int f = file_of(s) + t.direction[d].df, r = rank_of(s) + t.direction[d].dr;
      for (; on_board(f, r); f += t.direction[d].df, r += t.direction[d].dr) {
        Square to = make_square(f, r);
        t.ray[d][s] |= bb(to);
        t.between[s][to] = passed;
        passed |= bb(to);
      }
    }
  }
  return t;
}

inline constexpr AttackTables kAttacks = build_attack_tables();

// Squares a rider sees along direction d from s, up to and including the first blocker.
inline Bitboard ride_attacks(int d, Square s, Bitboard occupied) {
  Bitboard r = kAttacks.ray[d][s];
  Bitboard blockers = r & occupied;
  if (blockers) r ^= kAttacks.ray[d][kAttacks.ascending[d] ? lsb(blockers) : msb(blockers)];
  return r;
}

// Squares a piece of kind k (not a pawn) on s attacks.
inline Bitboard piece_attacks(Kind k, Square s, Bitboard occupied) {
  Bitboard out = kAttacks.leaps[k][s];
  for (unsigned dirs = kAttacks.rides_of[k]; dirs; dirs &= dirs - 1)
    out |= ride_attacks(std::countr_zero(dirs), s, occupied);
  return out;
}

}  // namespace banmen::chess
