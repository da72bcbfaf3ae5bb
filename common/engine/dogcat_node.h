// Dog-cat for the search, on one determinization: a true position whose opponent types
// were filled in by dogcat_view.h from what the seat may see. The rules core's
// DogcatPosition is copied and played; the rules' verdict (king captured, no king
// candidate left) ends a line.
#pragma once

#include <cstdint>

#include "engine/search.h"
#include "shogi/dogcat/dogcat_movegen.h"
#include "shogi/dogcat/dogcat_position.h"
#include "shogi/dogcat/dogcat_rules.h"

namespace banmen::engine {

int evaluate_dogcat(const shogi::DogcatPosition& pos);
int dogcat_piece_value(shogi::PieceType t);

struct DogcatNode {
  using Move = shogi::Move;
  static constexpr int kMaxMoves = static_cast<int>(shogi::kMaxMoves);
  static constexpr bool kQuiescence = true;
  static constexpr int kHistorySlots = 64 * 131;

  shogi::DogcatPosition pos;

  std::uint64_t key() const { return pos.key(); }
  int side() const { return pos.side_to_move(); }
  bool in_check() const { return false; }
  int generate(Move* out) const {
    shogi::MoveList list;
    shogi::generate_dogcat_moves(pos, list);
    int n = 0;
    for (Move m : list) out[n++] = m;
    return n;
  }
  bool noisy(Move m) const { return shogi::captured_piece(m) != shogi::kEmpty; }
  int capture_order(Move m) const {
    const shogi::PieceType victim = shogi::type_of(shogi::captured_piece(m));
    return (victim == shogi::kKing ? 5000 : dogcat_piece_value(victim)) -
           shogi::type_of(shogi::moved_piece(m));
  }
  std::uint32_t code(Move m) const { return shogi::dogcat_move_key(m) + 1u; }
  // The piece (type and colour) and its destination.
  int history_slot(Move m) const { return shogi::moved_piece(m) * 131 + shogi::move_to(m); }
  void play(Move m) { pos.do_move(m); }
  bool rule_end(int ply, int& score) const {
    static const std::vector<std::uint64_t> kNone;
    const Outcome o = shogi::judge_dogcat_before_moves(pos, kNone);
    if (!o.over()) return false;
    score = o.kind != Outcome::Kind::win     ? 0
            : o.winner == pos.side_to_move() ? kWin - ply
                                             : -(kWin - ply);
    return true;
  }
  int no_moves_score(int ply) const { return -(kWin - ply); }
  int evaluate() const { return evaluate_dogcat(pos); }
};

}  // namespace banmen::engine
