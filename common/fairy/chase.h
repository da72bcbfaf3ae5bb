#pragma once
// Xiangqi's chase rule as Fairy-Stockfish plays it (chasingRule = axf). After each move the
// pieces it chases are found: pieces of the side to move that the move newly attacks (by
// the moved piece or a piece it uncovered), that are not kings or soldiers short of the
// river, and are stronger than the attacker (a rook by a horse or cannon; a rook, cannon or
// horse by an elephant or advisor) or have no defender that is not pinned (a king that may
// not take back because the kings would face counts as none); attacks between pieces of
// one type do not count, unless the attacked piece is pinned or the attacking horse is
// lamed so that it cannot be taken back; pieces whose defender the move pins, and pieces a
// new discovered check lets the mover take, are chased too. A repetition in which one side
// chased a same piece with every one of its moves loses for that side; mutual chases draw.
// Checks lengthen the n-move rule: each check past the tenth of the side that checked most
// adds a move.
#include <cstddef>

#include "fairy/position.h"

namespace banmen::fairy {

struct Chases {
  bool by_them = false;  // the side that has just moved chased throughout
  bool by_us = false;    // the side to move chased throughout
};

// The chases of a repetition of the current position `back` plies back (back >= 4, even,
// within the positions pos remembers), as Fairy-Stockfish traces the chased pieces through
// the cycle. Only for variants with rules().chasing.
Chases repetition_chases(const Position& pos, std::size_t back);

// The plies by which checks lengthen the n-move rule here (0 without rules().chasing).
int chase_move_rule_offset(const Position& pos);

}  // namespace banmen::fairy
