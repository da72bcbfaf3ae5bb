// A brute-force model of what one side (the observer) can know about the other side's
// (the subject's) hidden pieces, written apart from the product: it follows each hidden
// piece of the subject from its drop, records every step it makes with the board as it
// was, and tries every assignment of the subject's unrevealed types to its hidden pieces.
// An assignment fits when every recorded move is one its piece's type could make.
// It reads only public texts (the spectator's view and the public move notation).
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "public_view.h"

namespace dogcat_test {

// Drop ply of each hidden piece on the board -> an upper-case type letter.
using Assignment = std::map<int, char>;

class KnowledgeModel {
 public:
  explicit KnowledgeModel(int subject) : subject_(subject) {}

  // One ply: the public view before it, its public notation, the public view after it.
  // `ply` counts from 0.
  void observe(int ply, const std::string& before, const std::string& move,
               const std::string& after);

  // Every assignment of the unrevealed types to the hidden pieces on the board that fits.
  std::vector<Assignment> fitting() const;
  // Some fitting assignment puts the king on the board.
  bool king_may_be_on_board() const;
  // Drop plies of the hidden pieces on the board, and their squares.
  std::map<int, int> hidden_on_board() const;

 private:
  struct Step {
    int from, to;
    std::array<bool, 25> occupied;  // the board just before the step
  };
  struct Piece {
    int drop_ply;
    int square;
    std::vector<Step> steps;
  };
  bool fits(char type, const Piece& p) const;
  std::vector<char> unrevealed() const;
  void reveal(char type, int square);

  int subject_;
  std::vector<Piece> pieces_;     // the subject's hidden pieces on the board
  std::vector<char> revealed_{};  // the subject's own types shown so far
};

}  // namespace dogcat_test
