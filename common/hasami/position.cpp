#include "hasami/position.h"

namespace banmen::hasami {

Position Position::start() {
  Position p;
  for (int c = 0; c < kRanks; ++c) {
    p.board.set(cell_at(0, c), Cell::white);
    p.board.set(cell_at(kRanks - 1, c), Cell::black);
  }
  p.pieces[black] = p.pieces[white] = kMaxPieces;
  return p;
}

void Position::generate_moves(MoveList& out) const {
  const Cell own = piece_of(to_move);
  for (int r = 0; r < kRanks; ++r) {
    for (int c = 0; c < kRanks; ++c) {
      const int from = cell_at(r, c);
      if (board[from] != own) continue;
      for (int d : kDirs)
        for (int to = from + d; board[to] == Cell::empty; to += d)
          out.push({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
    }
  }
}

bool Position::has_move() const {
  const Cell own = piece_of(to_move);
  for (int r = 0; r < kRanks; ++r)
    for (int c = 0; c < kRanks; ++c) {
      const int from = cell_at(r, c);
      if (board[from] != own) continue;
      for (int d : kDirs)
        if (board[from + d] == Cell::empty) return true;
    }
  return false;
}

int Position::play(Move m) {
  board.set(m.to, board[m.from]);
  board.set(m.from, Cell::empty);
  std::array<std::uint8_t, 81> taken;
  const int n = find_captures(board, m.to, to_move, taken);
  for (int i = 0; i < n; ++i) board.set(taken[i], Cell::empty);
  pieces[other(to_move)] -= n;
  to_move = other(to_move);
  ++move_number;
  return n;
}

PositionKey Position::key() const {
  PositionKey k;
  int bit = 0;
  for (int r = 0; r < kRanks; ++r)
    for (int c = 0; c < kRanks; ++c, bit += 2) {
      const Cell cell = board[cell_at(r, c)];
      const std::uint64_t v = cell == Cell::black ? 1 : cell == Cell::white ? 2 : 0;
      k.bits[bit / 64] |= v << (bit % 64);
    }
  if (to_move == white) k.bits[2] |= std::uint64_t{1} << 63;
  return k;
}

}  // namespace banmen::hasami
