// Reversi for the search: the rules core's bitboard Position, a forced pass as a move,
// and an evaluation of mobility, corners, the squares beside empty corners, frontier
// discs and parity. Near the end the exact solver (reversi_solver.h) takes over.
#pragma once

#include <bit>
#include <cstdint>

#include "engine/search.h"
#include "reversi/position.h"

namespace banmen::engine {

int evaluate_reversi(const reversi::Position& pos);

inline std::uint64_t reversi_key(const reversi::Position& pos) {
  std::uint64_t a = pos.discs[0] * 0x9e3779b97f4a7c15ULL;
  std::uint64_t b = pos.discs[1] * 0xc2b2ae3d27d4eb4fULL;
  return (a ^ std::rotl(b, 31) ^ (b >> 17)) + static_cast<std::uint64_t>(pos.to_move);
}

struct ReversiNode {
  using Move = reversi::Move;
  static constexpr int kMaxMoves = 40;
  static constexpr bool kQuiescence = false;
  static constexpr int kHistorySlots = 65;

  reversi::Position pos;

  std::uint64_t key() const { return reversi_key(pos); }
  int side() const { return pos.to_move; }
  bool in_check() const { return false; }
  int generate(Move* out) const {
    reversi::Bitboard b = pos.placements();
    if (!b) {
      out[0] = reversi::kPass;
      return 1;
    }
    int n = 0;
    while (b) {
      out[n++] = static_cast<Move>(std::countr_zero(b));
      b &= b - 1;
    }
    return n;
  }
  // Corners are the moves worth trying first.
  bool noisy(Move m) const { return m == 0 || m == 7 || m == 56 || m == 63; }
  int capture_order(Move) const { return 0; }
  std::uint32_t code(Move m) const { return m + 1u; }
  int history_slot(Move m) const { return m; }
  void play(Move m) { pos.play(m); }
  bool rule_end(int ply, int& score) const {
    if (!pos.finished()) return false;
    const int diff = reversi::count(pos.own()) - reversi::count(pos.opp());
    score = diff > 0 ? kWin - ply : diff < 0 ? -(kWin - ply) : 0;
    return true;
  }
  int no_moves_score(int) const { return 0; }  // never: a pass is always a move
  int evaluate() const { return evaluate_reversi(pos); }
};

}  // namespace banmen::engine
