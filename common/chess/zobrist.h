// Zobrist keys for repetition detection, fixed at compile time (splitmix64 from a constant
// seed), so a key is the same in every process and every build.
#pragma once

#include <cstdint>

#include "chess/types.h"

namespace banmen::chess {

struct ZobristKeys {
  std::uint64_t piece[16][kSquares]{};  // by Piece value (kind + 8 * colour)
  std::uint64_t castling[16]{};         // by the four-bit rights set
  std::uint64_t en_passant[kFiles]{};   // by file, only while a capture there is legal
  std::uint64_t black_to_move = 0;
};

constexpr ZobristKeys build_zobrist_keys() {
  ZobristKeys z;
  std::uint64_t state = 0x9E3779B97F4A7C15ull ^ 0xBA7E11ull;
  auto next = [&state] {
    std::uint64_t x = (state += 0x9E3779B97F4A7C15ull);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  };
  for (auto& row : z.piece)
    for (auto& k : row) k = next();
  for (auto& k : z.castling) k = next();
  for (auto& k : z.en_passant) k = next();
  z.black_to_move = next();
  return z;
}

inline constexpr ZobristKeys kZobrist = build_zobrist_keys();

}  // namespace banmen::chess
