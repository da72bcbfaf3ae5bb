// A second, deliberately plain reversi for differential tests: an 8x8 array of chars and
// the eight-direction scan written out square by square. It shares nothing with
// common/reversi but the text formats, so a bug has to be made twice to go unseen.
#pragma once

#include <string>
#include <vector>

namespace naive_reversi {

struct Board {
  char cell[8][8];  // [row][column], 'X', 'O' or '-'
  char to_move = 'X';

  static Board from_text(const std::string& text);  // the spec's 66-character form
  std::string text() const;

  // Discs of the side to move that a disc on (row, column) would flip.
  int flips_at(int row, int column) const;
  std::vector<std::string> placements() const;  // sorted squares
  std::vector<std::string> moves() const;       // placements, or {"pass"}, or {} at the end
  void play(const std::string& move);           // must be one of moves()
  // "X disc_count", "O disc_count", "draw disc_count" or "ongoing".
  std::string result() const;
};

// Positions after exactly `depth` moves, the spec's convention.
unsigned long long perft(const Board& b, int depth);

}  // namespace naive_reversi
