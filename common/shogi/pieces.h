// How each piece moves, as data shared by every game of the family. A piece steps one
// square in the directions of its step mask, slides any distance in those of its slide
// mask, and knights jump. Masks are per Piece (type and colour), so White's tables are
// Black's turned around and move generation never branches on colour.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "shogi/types.h"

namespace banmen::shogi {

struct PieceTables {
  std::array<std::uint8_t, kPieceCodes> step{};   // bit d: steps one square in direction d
  std::array<std::uint8_t, kPieceCodes> slide{};  // bit d: slides in direction d
  std::array<bool, kPieceCodes> knight{};         // jumps two forward and one sideways
  std::array<int, 2> knight_delta[2]{};           // [colour] the two knight offsets
};

const PieceTables& piece_tables();

// Every direction a piece attacks an adjacent square in (step or slide).
inline std::uint8_t near_mask(Piece p) {
  const auto& t = piece_tables();
  return t.step[p] | t.slide[p];
}

// The SFEN letter of a type ('P', 'L', ..., 'K'; promoted types give their base letter).
char sfen_letter(PieceType t);
// The type of an upper-case SFEN letter, or kNoType.
PieceType type_from_letter(char upper);

}  // namespace banmen::shogi
