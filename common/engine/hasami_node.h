// Hasami shogi for the search: the rules core's Position (copied and played), the rules'
// own verdict at every node (five captures, a lead of three, no move), and an evaluation
// of pieces, mobility and exposure. No quiescence: a capture is a quiet-looking slide, so
// moves next to an enemy piece are only tried first.
#pragma once

#include <cstdint>

#include "engine/search.h"
#include "hasami/rules.h"

namespace banmen::engine {

int evaluate_hasami(const hasami::Position& pos);

struct HasamiNode {
  using Move = hasami::Move;
  static constexpr int kMaxMoves = hasami::kMaxPieces * 16;
  static constexpr bool kQuiescence = false;
  static constexpr int kHistorySlots = hasami::kCells * hasami::kCells;

  hasami::Position pos;

  std::uint64_t key() const {
    const auto k = pos.key();
    std::uint64_t h = 0x243f6a8885a308d3ULL;
    for (std::uint64_t w : k.bits) h = (h ^ w) * 0x100000001b3ULL + (h >> 29);
    return h;
  }
  int side() const { return pos.to_move; }
  bool in_check() const { return false; }
  int generate(Move* out) const {
    hasami::MoveList list;
    pos.generate_moves(list);
    for (int i = 0; i < list.size; ++i) out[i] = list.moves[i];
    return list.size;
  }
  // Arriving next to an enemy piece: the moves that may capture.
  bool noisy(Move m) const {
    const hasami::Cell enemy = hasami::piece_of(hasami::other(pos.to_move));
    for (int d : hasami::kDirs)
      if (pos.board[m.to + d] == enemy) return true;
    return false;
  }
  int capture_order(Move) const { return 0; }
  std::uint32_t code(Move m) const { return (std::uint32_t(m.from) << 8 | m.to) + 1u; }
  int history_slot(Move m) const { return m.from * 121 + m.to; }
  void play(Move m) { pos.play(m); }
  bool rule_end(int ply, int& score) const {
    const Outcome o = hasami::judge(pos, 1);
    if (!o.over()) return false;
    score =
        o.kind == Outcome::Kind::win ? (o.winner == pos.to_move ? kWin - ply : -(kWin - ply)) : 0;
    return true;
  }
  int no_moves_score(int ply) const { return -(kWin - ply); }
  int evaluate() const { return evaluate_hasami(pos); }
};

}  // namespace banmen::engine
