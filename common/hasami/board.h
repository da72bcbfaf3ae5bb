// Hasami shogi's board: a 9x9 mailbox inside a ring of wall cells, so a piece sliding or a
// capture scan stops at the edge without a bounds check.
//
// Cell index = (row + 1) * 11 + (column + 1), where row 0 is rank a (White's back rank,
// the top) and column 0 is file 9 (the left from Black's side), as in the position string.
#pragma once

#include <array>
#include <cstdint>

namespace banmen::hasami {

enum Side : int { black = 0, white = 1 };  // black ('b', pieces 'P') moves first

enum class Cell : std::uint8_t { empty, black, white, wall };

inline constexpr int kRanks = 9;
inline constexpr int kWidth = 11;  // 9 squares and a wall cell on each side
inline constexpr int kCells = kWidth * kWidth;
inline constexpr int kMaxPieces = 9;                         // per side, as at the start
inline constexpr int kDirs[4] = {-kWidth, +1, +kWidth, -1};  // up, right, down, left

constexpr int cell_at(int row, int column) {
  return (row + 1) * kWidth + (column + 1);
}
constexpr int row_of(int cell) {
  return cell / kWidth - 1;
}
constexpr int column_of(int cell) {
  return cell % kWidth - 1;
}
constexpr Cell piece_of(Side s) {
  return s == black ? Cell::black : Cell::white;
}
constexpr Side other(Side s) {
  return s == black ? white : black;
}
// True for a square on the outer ring of the 9x9 board.
constexpr bool on_edge(int cell) {
  const int r = row_of(cell), c = column_of(cell);
  return r == 0 || r == kRanks - 1 || c == 0 || c == kRanks - 1;
}

struct Move {
  std::uint8_t from = 0;  // cell indices
  std::uint8_t to = 0;
  bool operator==(const Move&) const = default;
};

// Enough for nine pieces that each slide up to sixteen squares.
struct MoveList {
  std::array<Move, kMaxPieces * 16> moves;
  int size = 0;
  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
};

class Board {
 public:
  Board();  // empty squares inside the wall

  Cell operator[](int cell) const { return cells_[cell]; }
  void set(int cell, Cell c) { cells_[cell] = c; }
  int pieces(Side s) const;

  bool operator==(const Board&) const = default;

 private:
  std::array<Cell, kCells> cells_;
};

}  // namespace banmen::hasami
