// A fixed-capacity list of moves on the stack: no allocation in move generation.
#pragma once

#include <array>
#include <cstddef>

#include "shogi/types.h"

namespace banmen::shogi {

// Shogi's most crowded known position has 593 legal moves; pseudo-legal lists with every
// drop on every empty square stay far below this bound too.
constexpr std::size_t kMaxMoves = 1024;

class MoveList {
 public:
  void push(Move m) { moves_[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  void clear() { size_ = 0; }
  // Keeps the moves for which keep(move) is true, in order.
  template <class F>
  void retain(F keep) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < size_; ++i)
      if (keep(moves_[i])) moves_[n++] = moves_[i];
    size_ = n;
  }

 private:
  std::array<Move, kMaxMoves> moves_;
  std::size_t size_ = 0;
};

}  // namespace banmen::shogi
