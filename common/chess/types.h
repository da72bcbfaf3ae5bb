// Basic chess types: board geometry, squares, bitboards, colours, pieces and moves.
//
// The board is kFiles x kRanks squares, numbered rank by rank from a1 (0) upward; every
// table and loop derives from these two constants, so a different board size that still
// fits 64 squares only changes them (a larger board needs a wider Bitboard type).
#pragma once

#include <bit>
#include <cstdint>

namespace banmen::chess {

inline constexpr int kFiles = 8;
inline constexpr int kRanks = 8;
inline constexpr int kSquares = kFiles * kRanks;
static_assert(kSquares <= 64, "a Bitboard holds at most 64 squares");

using Bitboard = std::uint64_t;
using Square = int;  // 0..kSquares-1; kNoSquare when absent
inline constexpr Square kNoSquare = -1;

constexpr int file_of(Square s) {
  return s % kFiles;
}
constexpr int rank_of(Square s) {
  return s / kFiles;
}
constexpr Square make_square(int file, int rank) {
  return rank * kFiles + file;
}
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}
constexpr Bitboard bb(Square s) {
  return Bitboard{1} << s;
}
constexpr Square lsb(Bitboard b) {
  return std::countr_zero(b);
}
constexpr Square msb(Bitboard b) {
  return 63 - std::countl_zero(b);
}
constexpr int popcount(Bitboard b) {
  return std::popcount(b);
}
// Removes and returns the lowest square of a non-empty set.
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

enum Color : std::uint8_t { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) {
  return Color(c ^ 1);
}

// Piece kinds. Movement of each kind is data (see pieces.h); pawn and king also carry the
// special rules (double step, en passant, promotion, castling, royalty).
enum Kind : std::uint8_t { kPawn, kKnight, kBishop, kRook, kQueen, kKing, kKinds };

// A coloured piece in one byte: kind + 8 * colour; kNoPiece for an empty square.
using Piece = std::uint8_t;
inline constexpr Piece kNoPiece = 0xff;
constexpr Piece make_piece(Color c, Kind k) {
  return Piece(k + 8 * c);
}
constexpr Kind kind_of(Piece p) {
  return Kind(p & 7);
}
constexpr Color color_of(Piece p) {
  return Color(p >> 3);
}

// Castling rights as four bits.
enum Castling : std::uint8_t {
  kWhiteShort = 1,
  kWhiteLong = 2,
  kBlackShort = 4,
  kBlackLong = 8,
  kAllCastling = 15
};

// A move in 16 bits: from (6), to (6), flag (4).
enum MoveFlag : std::uint8_t {
  kQuiet = 0,
  kDoublePush = 1,
  kCastle = 2,  // encoded as the king's move, e1g1
  kEnPassant = 3,
  kPromoKnight = 4,  // kPromoKnight + (kind - kKnight) for N, B, R, Q
};

struct Move {
  std::uint16_t bits = 0;

  static constexpr Move make(Square from, Square to, int flag = kQuiet) {
    return Move{std::uint16_t(from | (to << 6) | (flag << 12))};
  }
  constexpr Square from() const { return bits & 63; }
  constexpr Square to() const { return (bits >> 6) & 63; }
  constexpr int flag() const { return bits >> 12; }
  constexpr bool is_promotion() const { return flag() >= kPromoKnight; }
  constexpr Kind promotion() const { return Kind(kKnight + flag() - kPromoKnight); }
  constexpr bool operator==(const Move&) const = default;
};

// Fixed-capacity list: no chess position has more than 218 legal moves.
struct MoveList {
  Move moves[256];
  int size = 0;
  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
};

}  // namespace banmen::chess
