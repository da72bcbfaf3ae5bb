#include "shogi/dogcat/dogcat_movegen.h"

#include "shogi/dogcat/dogcat_rules.h"
#include "shogi/pseudo_moves.h"

namespace banmen::shogi {

void generate_dogcat_moves(const DogcatPosition& pos, MoveList& out) {
  const Position& board = pos.board();
  const Variant& v = board.variant();
  const Color us = pos.side_to_move();
  generate_board_moves(board, out);
  for (Square s : v.squares) {
    if (board.at(s) != kEmpty) continue;
    for (PieceType t : kDogcatTypes) {
      if (pos.hidden_hand(us, t) && v.camp[us][s]) out.push(make_drop(t, s, us) | kHiddenDropFlag);
      if (pos.faceup_hand(us, t)) out.push(make_drop(t, s, us));
    }
  }
}

bool has_dogcat_move(const DogcatPosition& pos) {
  MoveList list;
  generate_dogcat_moves(pos, list);
  return !list.empty();
}

std::uint64_t dogcat_perft(const DogcatPosition& pos, int depth,
                           std::vector<std::uint64_t>& history) {
  if (depth <= 0) return 1;
  MoveList list;
  generate_dogcat_moves(pos, list);
  if (depth == 1) return list.size();
  std::uint64_t total = 0;
  history.push_back(pos.key());
  for (Move m : list) {
    DogcatPosition child = pos;
    child.do_move(m);
    // Checks 1 to 5 of the spec; check 6 (no legal move) needs no test here, since a
    // side without moves contributes nothing below it anyway.
    if (judge_dogcat_before_moves(child, history).over()) continue;
    total += dogcat_perft(child, depth - 1, history);
  }
  history.pop_back();
  return total;
}

}  // namespace banmen::shogi
