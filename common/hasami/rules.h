// The end of a hasami shogi game, checked after every move in the spec's order: five
// captures, a lead of three on one's own turn, fourfold repetition, the ply limit, no move.
#pragma once

#include <vector>

#include "core/outcome.h"
#include "hasami/position.h"

namespace banmen::hasami {

inline constexpr int kWinningCaptures = 5;
inline constexpr int kWinningLead = 3;
inline constexpr int kRepetitions = 4;

// The positions a game has stood in, oldest first, the current one last.
class PositionHistory {
 public:
  void push(const Position& p) { entries_.push_back({p.key(), p.pieces[0] + p.pieces[1]}); }
  void pop() { entries_.pop_back(); }
  // How often the last position has stood, itself included. Captures cannot be undone, so
  // the scan stops at the first earlier position with a different number of pieces.
  int occurrences_of_last() const;

 private:
  struct Entry {
    PositionKey key;
    int pieces;
  };
  std::vector<Entry> entries_;
};

// The verdict on `p`, which has stood `occurrences` times.
Outcome judge(const Position& p, int occurrences);

}  // namespace banmen::hasami
