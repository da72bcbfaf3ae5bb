// A second, deliberately plain hasami shogi for differential tests: a 9x9 array of chars,
// captures found by walking each line and by labelling every enemy group on the board, the
// end rules in the spec's words, repetition by comparing position strings. It shares
// nothing with common/hasami but the text formats.
#pragma once

#include <string>
#include <vector>

namespace naive_hasami {

struct Game {
  char cell[9][9];  // [rank a..i][file 9..1], 'P', 'p' or '.'
  char to_move = 'b';
  int move_number = 1;
  std::vector<std::string> seen;  // board and side of every position so far, current last

  static Game from_text(const std::string& sfen);  // the spec's form; assumed well formed
  std::string text() const;                        // the same form

  std::vector<std::string> moves() const;  // sorted USI moves; {} when the game is over
  void play(const std::string& move);      // must be one of moves()
  int captured_by(char side) const;        // nine minus the opponent's pieces
  // "b captures", "w no_legal_moves", "draw repetition", "ongoing", ...
  std::string result() const;

 private:
  std::vector<std::string> piece_moves() const;  // ignoring the end of the game
};

// Positions after exactly `depth` moves; a finished game has none.
unsigned long long perft(const Game& g, int depth);

}  // namespace naive_hasami
