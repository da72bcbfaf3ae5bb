#include "shogi/legality.h"

#include "shogi/movegen.h"
#include "shogi/pseudo_moves.h"

namespace banmen::shogi {

bool is_nifu(const Position& pos, Move m) {
  if (!is_drop(m) || drop_type(m) != kPawn) return false;
  return pos.pawn_files(pos.side_to_move()) >> col_of(move_to(m)) & 1;
}

bool is_dead_drop(const Position& pos, Move m) {
  return is_drop(m) && pos.variant().dead[moved_piece(m)][move_to(m)];
}

bool leaves_king_attacked(Position& pos, Move m) {
  const Color us = pos.side_to_move();
  pos.do_move(m);
  const Square k = pos.king(us);
  const bool bad = k != kNoSquare && pos.attacked(k, opposite(us));
  pos.undo_move(m);
  return bad;
}

bool is_pawn_drop_mate(Position& pos, Move m) {
  if (!is_drop(m) || drop_type(m) != kPawn) return false;
  const Color us = pos.side_to_move();
  const Square front = Square(move_to(m) + kDelta[us == kBlack ? kN : kS]);
  if (front != pos.king(opposite(us))) return false;
  pos.do_move(m);
  const bool mate = !has_legal_move(pos);
  pos.undo_move(m);
  return mate;
}

bool is_legal_shogi(Position& pos, Move m) {
  return !is_nifu(pos, m) && !is_dead_drop(pos, m) && !leaves_king_attacked(pos, m) &&
         !is_pawn_drop_mate(pos, m);
}

void generate_legal_reference(Position& pos, MoveList& out) {
  out.clear();
  generate_board_moves(pos, out);
  generate_drops(pos, out);
  out.retain([&](Move m) { return is_legal_shogi(pos, m); });
}

}  // namespace banmen::shogi
