#include "hasami/rules.h"

namespace banmen::hasami {

int PositionHistory::occurrences_of_last() const {
  if (entries_.empty()) return 0;
  const Entry& last = entries_.back();
  int n = 0;
  for (auto it = entries_.rbegin(); it != entries_.rend() && it->pieces == last.pieces; ++it)
    n += it->key == last.key;
  return n;
}

Outcome judge(const Position& p, int occurrences) {
  const Side mover = other(p.to_move);
  const int mover_captures = p.captured_by(mover);
  const int own_captures = p.captured_by(p.to_move);
  if (mover_captures >= kWinningCaptures) return Outcome::win(mover, "captures");
  if (own_captures - mover_captures >= kWinningLead) return Outcome::win(p.to_move, "captures");
  if (occurrences >= kRepetitions) return Outcome::draw("repetition");
  if (p.move_number >= kMoveLimitNumber) {
    if (own_captures == mover_captures) return Outcome::draw("move_limit");
    return Outcome::win(own_captures > mover_captures ? p.to_move : mover, "move_limit");
  }
  if (!p.has_move()) return Outcome::win(mover, "no_legal_moves");
  return Outcome::ongoing();
}

}  // namespace banmen::hasami
