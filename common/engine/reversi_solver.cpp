#include "engine/reversi_solver.h"

#include <algorithm>
#include <bit>

namespace banmen::engine {
namespace {

using namespace reversi;

class Solver {
 public:
  explicit Solver(const Limits& limits) : limits_(limits) {}

  // Exact score within [alpha, beta] of own vs opp, own to move.
  int solve(Bitboard own, Bitboard opp, int alpha, int beta, bool passed) {
    if ((++nodes_ & 4095) == 0) check_limits();
    if (stopped_) return 0;
    Bitboard moves = legal_placements(own, opp);
    if (!moves) {
      if (passed) return count(own) - count(opp);  // neither side can move: the game is over
      return -solve(opp, own, -beta, -alpha, true);
    }
    const int empties = 64 - count(own | opp);
    Bitboard order[32];
    int n = 0;
    for (Bitboard b = moves; b; b &= b - 1) order[n++] = b & (~b + 1);
    if (empties > 5) {
      // Fastest first: the reply that leaves the opponent the fewest moves.
      int keys[32];
      for (int i = 0; i < n; ++i) {
        const int sq = std::countr_zero(order[i]);
        const Bitboard f = flips(own, opp, sq);
        keys[i] = count(legal_placements(opp ^ f, own | f | order[i])) * 4 -
                  ((order[i] & 0x8100000000000081ULL) ? 3 : 0);
      }
      for (int i = 1; i < n; ++i)
        for (int j = i; j > 0 && keys[j] < keys[j - 1]; --j) {
          std::swap(keys[j], keys[j - 1]);
          std::swap(order[j], order[j - 1]);
        }
    }
    int best = -65;
    for (int i = 0; i < n; ++i) {
      const int sq = std::countr_zero(order[i]);
      const Bitboard f = flips(own, opp, sq);
      const int score = -solve(opp ^ f, own | f | order[i], -beta, -alpha, false);
      if (score > best) {
        best = score;
        if (score > alpha) alpha = score;
        if (alpha >= beta) break;
      }
    }
    return best;
  }

  bool stopped() const { return stopped_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  void check_limits() {
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) stopped_ = true;
    if (limits_.max_nodes && nodes_ >= limits_.max_nodes) stopped_ = true;
    if (std::chrono::steady_clock::now() >= limits_.deadline) stopped_ = true;
  }

  Limits limits_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace

ReversiSolution solve_reversi(const Position& pos, const Limits& limits) {
  ReversiSolution out;
  Solver solver(limits);
  const Bitboard own = pos.own(), opp = pos.opp();
  const Bitboard moves = legal_placements(own, opp);
  if (!moves) {
    out.best = kPass;
    out.diff = -solver.solve(opp, own, -64, 64, true);
  } else {
    int alpha = -65;
    for (Bitboard b = moves; b; b &= b - 1) {
      const int sq = std::countr_zero(b);
      const Bitboard f = flips(own, opp, sq);
      const int score = -solver.solve(opp ^ f, own | f | bit(sq), -64, -alpha, false);
      if (solver.stopped()) break;
      if (score > alpha) {
        alpha = score;
        out.best = static_cast<Move>(sq);
      }
    }
    out.diff = alpha;
  }
  out.complete = !solver.stopped();
  out.nodes = solver.nodes();
  return out;
}

}  // namespace banmen::engine
