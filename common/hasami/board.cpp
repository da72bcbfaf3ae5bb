#include "hasami/board.h"

namespace banmen::hasami {

Board::Board() {
  cells_.fill(Cell::wall);
  for (int r = 0; r < kRanks; ++r)
    for (int c = 0; c < kRanks; ++c) cells_[cell_at(r, c)] = Cell::empty;
}

int Board::pieces(Side s) const {
  int n = 0;
  for (Cell c : cells_) n += c == piece_of(s);
  return n;
}

}  // namespace banmen::hasami
