#include "naive_reversi.h"

#include <algorithm>

namespace naive_reversi {

namespace {

const int kSteps[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

bool inside(int r, int c) {
  return r >= 0 && r < 8 && c >= 0 && c < 8;
}

char opponent(char side) {
  return side == 'X' ? 'O' : 'X';
}

// How many discs a disc of `side` on (row, column) flips along one direction.
int run_length(const Board& b, char side, int row, int column, int dr, int dc) {
  int n = 0;
  int r = row + dr, c = column + dc;
  while (inside(r, c) && b.cell[r][c] == opponent(side)) {
    ++n;
    r += dr;
    c += dc;
  }
  if (n > 0 && inside(r, c) && b.cell[r][c] == side) return n;
  return 0;
}

int flips_for(const Board& b, char side, int row, int column) {
  if (b.cell[row][column] != '-') return 0;
  int total = 0;
  for (auto& s : kSteps) total += run_length(b, side, row, column, s[0], s[1]);
  return total;
}

bool side_can_place(const Board& b, char side) {
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      if (flips_for(b, side, r, c) > 0) return true;
  return false;
}

}  // namespace

Board Board::from_text(const std::string& text) {
  Board b;
  for (int i = 0; i < 64; ++i) b.cell[i / 8][i % 8] = text[static_cast<std::size_t>(i)];
  b.to_move = text[65];
  return b;
}

std::string Board::text() const {
  std::string s;
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) s += cell[r][c];
  return s + " " + to_move;
}

int Board::flips_at(int row, int column) const {
  return flips_for(*this, to_move, row, column);
}

std::vector<std::string> Board::placements() const {
  std::vector<std::string> out;
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      if (flips_at(r, c) > 0)
        out.push_back({static_cast<char>('a' + c), static_cast<char>('1' + r)});
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> Board::moves() const {
  auto out = placements();
  if (out.empty() && side_can_place(*this, opponent(to_move))) out.push_back("pass");
  return out;
}

void Board::play(const std::string& move) {
  if (move != "pass") {
    const int c = move[0] - 'a', r = move[1] - '1';
    for (auto& s : kSteps) {
      const int n = run_length(*this, to_move, r, c, s[0], s[1]);
      for (int k = 1; k <= n; ++k) cell[r + k * s[0]][c + k * s[1]] = to_move;
    }
    cell[r][c] = to_move;
  }
  to_move = opponent(to_move);
}

std::string Board::result() const {
  if (!moves().empty()) return "ongoing";
  int x = 0, o = 0;
  for (auto& row : cell)
    for (char ch : row) {
      x += ch == 'X';
      o += ch == 'O';
    }
  if (x == o) return "draw disc_count";
  return x > o ? "X disc_count" : "O disc_count";
}

unsigned long long perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  unsigned long long total = 0;
  for (const auto& m : b.moves()) {
    Board child = b;
    child.play(m);
    total += perft(child, depth - 1);
  }
  return total;
}

}  // namespace naive_reversi
