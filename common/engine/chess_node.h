// Chess for the search: the rules core's Position and legal generator, an evaluation of
// material and simple positional terms, and the draws the search must see (fifty moves,
// insufficient material). This is also the reference for what a search Node provides.
#pragma once

#include <cstdint>

#include "chess/movegen.h"
#include "chess/position.h"
#include "chess/rules.h"
#include "engine/search.h"

namespace banmen::engine {

// The material and positional score of `pos` for the side to move, in centipawns.
int evaluate_chess(const chess::Position& pos);

struct ChessNode {
  using Move = chess::Move;
  static constexpr int kMaxMoves = 256;
  static constexpr bool kQuiescence = true;
  static constexpr int kHistorySlots = 4096;

  chess::Position pos;

  std::uint64_t key() const {
    return pos.key ^ (static_cast<std::uint64_t>(pos.en_passant + 1) * 0x9e3779b97f4a7c15ULL);
  }
  int side() const { return pos.side; }
  bool in_check() const { return pos.in_check(); }
  // The legal moves, written to `out`; returns their number.
  int generate(Move* out) const {
    chess::MoveList list;
    chess::generate_legal(pos, list);
    for (int i = 0; i < list.size; ++i) out[i] = list.moves[i];
    return list.size;
  }
  // Captures and promotions: what quiescence plays and ordering puts first.
  bool noisy(Move m) const {
    return pos.board[m.to()] != chess::kNoPiece || m.flag() == chess::kEnPassant ||
           m.is_promotion();
  }
  // Most valuable victim, then least valuable attacker.
  int capture_order(Move m) const {
    const int victim = m.flag() == chess::kEnPassant          ? chess::kPawn
                       : pos.board[m.to()] == chess::kNoPiece ? -1
                                                              : chess::kind_of(pos.board[m.to()]);
    const int promo = m.is_promotion() ? 8 * m.promotion() : 0;
    return 16 * (victim + 1) + promo + (7 - chess::kind_of(pos.board[m.from()]));
  }
  std::uint32_t code(Move m) const { return m.bits + 1u; }
  int history_slot(Move m) const { return m.bits & 0xfff; }
  void play(Move m) { pos.make(m); }
  // The draws the rules declare without looking at the moves.
  bool rule_end(int, int& score) const {
    if (pos.halfmove_clock >= 100 || chess::insufficient_material(pos)) {
      score = 0;
      return true;
    }
    return false;
  }
  int no_moves_score(int ply) const { return pos.in_check() ? -(kWin - ply) : 0; }
  int evaluate() const { return evaluate_chess(pos); }
};

}  // namespace banmen::engine
