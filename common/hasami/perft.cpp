#include "hasami/perft.h"

namespace banmen::hasami {

std::uint64_t perft(const Position& p, int depth, PositionHistory& history) {
  if (depth == 0) return 1;
  if (judge(p, history.occurrences_of_last()).over()) return 0;
  MoveList moves;
  p.generate_moves(moves);
  if (depth == 1) return static_cast<std::uint64_t>(moves.size);
  std::uint64_t total = 0;
  for (Move m : moves) {
    Position child = p;
    child.play(m);
    history.push(child);
    total += perft(child, depth - 1, history);
    history.pop();
  }
  return total;
}

}  // namespace banmen::hasami
