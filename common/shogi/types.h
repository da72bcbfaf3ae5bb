// Basic types of the shogi family (shogi, minishogi, dog-cat shogi): colours, piece
// types, pieces, squares and the compact move. Small and constexpr so move generation
// stays fast and every game of the family shares one vocabulary.
#pragma once

#include <cstdint>

namespace banmen::shogi {

enum Color : std::uint8_t { kBlack = 0, kWhite = 1 };  // Black (sente) moves first
constexpr Color opposite(Color c) {
  return Color(c ^ 1);
}

// Unpromoted types 1..7 are also the hand types; promoted = unpromoted | 8.
enum PieceType : std::uint8_t {
  kNoType = 0,
  kPawn = 1,
  kLance = 2,
  kKnight = 3,
  kSilver = 4,
  kGold = 5,
  kBishop = 6,
  kRook = 7,
  kKing = 8,
  kProPawn = 9,
  kProLance = 10,
  kProKnight = 11,
  kProSilver = 12,
  kHorse = 14,
  kDragon = 15,
};
constexpr int kTypeCount = 16;
constexpr int kHandTypeCount = 9;  // index 1..7 used by shogi; 8 (king) only by dog-cat

constexpr bool can_promote(PieceType t) {
  return t >= kPawn && t <= kRook && t != kGold;
}
constexpr bool is_promoted(PieceType t) {
  return t > kKing;
}
constexpr PieceType promoted(PieceType t) {
  return PieceType(t | 8);
}
constexpr PieceType unpromoted(PieceType t) {
  return is_promoted(t) ? PieceType(t & 7) : t;
}

// A board cell: 0 empty, a wall outside the board, or a colour bit plus a type. The
// colour bits are chosen so "own piece" and "own piece or wall" are single AND tests.
using Piece = std::uint8_t;
constexpr Piece kEmpty = 0;
constexpr Piece kWall = 0x40;
constexpr Piece color_bit(Color c) {
  return Piece(0x10 << c);
}
constexpr Piece make_piece(Color c, PieceType t) {
  return Piece(color_bit(c) | t);
}
constexpr PieceType type_of(Piece p) {
  return PieceType(p & 15);
}
constexpr Color color_of(Piece p) {
  return (p & 0x20) ? kWhite : kBlack;
}
constexpr bool is_piece(Piece p) {
  return (p & 0x30) != 0;
}
constexpr int kPieceCodes = 0x30;  // tables indexed by Piece need this many entries

// Squares index a padded mailbox: 13 rows of stride 10. Row r+2 holds rank r (a = 0 at
// the top, as Black sees the board), column c holds file (files - c). Column 9 and the
// two rows above and below are walls, so single steps and knight jumps never leave the
// array. Smaller boards use the top-left corner and wall off the rest.
using Square = std::uint8_t;
constexpr int kStride = 10;
constexpr int kSquareCount = 13 * kStride;
constexpr Square kNoSquare = 0;  // a wall cell, never a board square
constexpr Square make_square(int col, int row) {
  return Square((row + 2) * kStride + col);
}
constexpr int col_of(Square s) {
  return s % kStride;
}
constexpr int row_of(Square s) {
  return s / kStride - 2;
}

// Eight directions as Black sees them; White's are the opposite ones (index ^ 4).
enum Direction : std::uint8_t { kN, kNE, kE, kSE, kS, kSW, kW, kNW };
constexpr int kDelta[8] = {-10, -9, 1, 11, 10, 9, -1, -11};
constexpr int reverse(int dir) {
  return dir ^ 4;
}

// A move in 32 bits: destination, origin (or dropped type), the moved piece and the
// captured piece (so undo needs no stack), and two flags.
using Move = std::uint32_t;
constexpr Move kNoMove = 0;
constexpr Move kPromoteFlag = 1u << 28;
constexpr Move kDropFlag = 1u << 29;
constexpr Move make_board_move(Square from, Square to, Piece moved, Piece captured, bool promote) {
  return Move(to) | Move(from) << 8 | Move(moved & 0x3f) << 16 | Move(captured & 0x3f) << 22 |
         (promote ? kPromoteFlag : 0);
}
constexpr Move make_drop(PieceType t, Square to, Color c) {
  return Move(to) | Move(t) << 8 | Move(make_piece(c, t)) << 16 | kDropFlag;
}
constexpr Square move_to(Move m) {
  return Square(m & 0xff);
}
constexpr Square move_from(Move m) {
  return Square((m >> 8) & 0xff);
}
constexpr PieceType drop_type(Move m) {
  return PieceType((m >> 8) & 0xff);
}
constexpr Piece moved_piece(Move m) {
  return Piece((m >> 16) & 0x3f);
}
constexpr Piece captured_piece(Move m) {
  return Piece((m >> 22) & 0x3f);
}
constexpr bool is_drop(Move m) {
  return (m & kDropFlag) != 0;
}
constexpr bool is_promotion(Move m) {
  return (m & kPromoteFlag) != 0;
}
// The part of a move a player chooses: equal for the same move whatever it captures.
constexpr Move move_key(Move m) {
  return m & (0xffffu | kPromoteFlag | kDropFlag);
}

}  // namespace banmen::shogi
