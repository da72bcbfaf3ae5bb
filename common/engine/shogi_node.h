// Shogi and minishogi for the search: the rules core's Position with its make/unmake and
// fast legal generator, and an evaluation of material (pieces in hand worth a little more
// than on the board) and the safety of each king.
#pragma once

#include <cstdint>

#include "engine/search.h"
#include "shogi/movegen.h"
#include "shogi/position.h"

namespace banmen::engine {

// Board value of each shogi piece type (the usual engine scale, a pawn about 90).
int shogi_piece_value(shogi::PieceType t);
// The score of `pos` for the side to move.
int evaluate_shogi(const shogi::Position& pos);

struct ShogiNode {
  using Move = shogi::Move;
  static constexpr int kMaxMoves = static_cast<int>(shogi::kMaxMoves);
  static constexpr bool kQuiescence = true;
  static constexpr int kHistorySlots = 64 * 131;

  // Mutable because the legal generator uses the position as scratch (and restores it).
  mutable shogi::Position pos;

  std::uint64_t key() const { return pos.key(); }
  int side() const { return pos.side_to_move(); }
  bool in_check() const { return pos.in_check(); }
  int generate(Move* out) const {
    shogi::MoveList list;
    shogi::generate_legal(pos, list);
    int n = 0;
    for (Move m : list) out[n++] = m;
    return n;
  }
  bool noisy(Move m) const {
    return shogi::captured_piece(m) != shogi::kEmpty ||
           (shogi::is_promotion(m) && !shogi::is_drop(m));
  }
  int capture_order(Move m) const {
    const int victim = shogi_piece_value(shogi::type_of(shogi::captured_piece(m)));
    return victim - shogi::type_of(shogi::moved_piece(m)) + (shogi::is_promotion(m) ? 200 : 0);
  }
  std::uint32_t code(Move m) const { return shogi::move_key(m) + 1u; }
  // The piece (type and colour) and its destination.
  int history_slot(Move m) const { return shogi::moved_piece(m) * 131 + shogi::move_to(m); }
  void play(Move m) { pos.do_move(m); }
  bool rule_end(int, int&) const { return false; }
  // Checkmate, and in shogi having no move at all loses too.
  int no_moves_score(int ply) const { return -(kWin - ply); }
  int evaluate() const { return evaluate_shogi(pos); }
};

}  // namespace banmen::engine
