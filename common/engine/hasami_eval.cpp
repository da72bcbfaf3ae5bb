// Hasami evaluation: the capture balance decides games (five, or a lead of three), so
// pieces count most; then mobility, and a penalty for a piece with enemies on two sides
// (one move from being sandwiched) or stuck against the edge.
#include "engine/hasami_node.h"

namespace banmen::engine {
namespace {

using namespace hasami;

int side_score(const Position& pos, Side s) {
  const Cell own = piece_of(s), enemy = piece_of(other(s));
  int score = 0;
  for (int r = 0; r < kRanks; ++r)
    for (int c = 0; c < kRanks; ++c) {
      const int cell = cell_at(r, c);
      if (pos.board[cell] != own) continue;
      score += 100;
      for (int d : kDirs) {
        int run = 0;
        for (int to = cell + d; pos.board[to] == Cell::empty && run < 4; to += d) ++run;
        score += run;
      }
      // Enemy on one side and an empty square on the opposite one: a capture threat.
      for (int i = 0; i < 2; ++i) {
        const int d = kDirs[i];
        const Cell a = pos.board[cell + d], b = pos.board[cell - d];
        if ((a == enemy && b == Cell::empty) || (b == enemy && a == Cell::empty)) score -= 12;
      }
      if (on_edge(cell)) score -= 4;
    }
  return score;
}

}  // namespace

int evaluate_hasami(const Position& pos) {
  const Side us = pos.to_move;
  const int lead = pos.captured_by(us) - pos.captured_by(other(us));
  // A lead grows in worth as it nears the winning three.
  const int lead_bonus = lead * lead * lead * 15;
  return side_score(pos, us) - side_score(pos, other(us)) + lead_bonus + 5;
}

}  // namespace banmen::engine
