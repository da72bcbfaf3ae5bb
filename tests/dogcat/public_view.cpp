#include "public_view.h"

#include <gtest/gtest.h>

#include <cctype>
#include <sstream>

namespace dogcat_test {

int square_index(char file, char rank) {
  const int f = file - '0', r = rank - 'a';
  if (f < 1 || f > 5 || r < 0 || r > 4) return -1;
  return r * 5 + (5 - f);
}

PublicView read_view(const std::string& text) {
  PublicView v;
  std::istringstream in(text);
  std::string board, side, hand;
  in >> board >> side >> hand;
  v.side_to_move = side == "w" ? 1 : 0;
  int row = 0, col = 0;
  Cell pending;
  for (char ch : board) {
    if (ch == '/') {
      ++row;
      col = 0;
    } else if (ch >= '1' && ch <= '5') {
      col += ch - '0';
    } else if (ch == '?' || ch == '!') {
      pending.hidden = true;
      pending.candidate = ch == '?';
    } else if (ch == '+') {
      pending.promoted = true;
    } else {
      pending.occupied = true;
      pending.side = std::islower(static_cast<unsigned char>(ch)) ? 1 : 0;
      pending.letter = char(std::toupper(static_cast<unsigned char>(ch)));
      EXPECT_LT(row * 5 + col, 25) << text;
      if (row * 5 + col < 25) v.board[row * 5 + col] = pending;
      pending = Cell{};
      ++col;
    }
  }
  if (hand == "-") return v;
  for (std::size_t i = 0; i < hand.size();) {
    int n = 1;
    if (std::isdigit(static_cast<unsigned char>(hand[i]))) n = hand[i++] - '0';
    const bool hidden = hand[i] == '?';
    if (hidden) ++i;
    const char ch = hand[i++];
    const int s = std::islower(static_cast<unsigned char>(ch)) ? 1 : 0;
    if (hidden) {
      v.hidden_in_hand[s] += n;
    } else {
      v.faceup[s][std::toupper(static_cast<unsigned char>(ch)) - 'A'] += n;
    }
  }
  return v;
}

}  // namespace dogcat_test
