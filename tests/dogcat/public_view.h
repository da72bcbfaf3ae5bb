// A small, independent reader of dog-cat's public position text, for the tests' second
// model of what a viewer knows. It understands `?X`/`!x` and nothing it does not need.
#pragma once

#include <array>
#include <string>

namespace dogcat_test {

struct Cell {
  bool occupied = false;
  int side = 0;  // 0 Dog, 1 Cat
  bool hidden = false, candidate = false, promoted = false;
  char letter = 0;  // upper case; 'X' when hidden from the viewer
};

struct PublicView {
  std::array<Cell, 25> board;          // index row * 5 + col, row 0 = rank a, col 0 = file 5
  int hidden_in_hand[2] = {0, 0};      // hidden hand pieces per side
  std::array<int, 26> faceup[2] = {};  // face-up hand pieces per side, by letter - 'A'
  int side_to_move = 0;
};

// Reads the text as the product writes it; aborts the test on anything unexpected.
PublicView read_view(const std::string& text);

// "2e" -> board index; -1 when malformed.
int square_index(char file, char rank);

}  // namespace dogcat_test
