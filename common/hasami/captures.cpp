// The two capture rules of the spec, both judged on the board right after the move and
// both requiring the moved piece to take part.
#include "hasami/position.h"

namespace banmen::hasami {

namespace {

// Marks a cell as captured once, however many rules take it.
struct CaptureSet {
  std::array<bool, kCells> marked{};
  std::array<std::uint8_t, 81>& out;
  int size = 0;
  void add(int cell) {
    if (marked[cell]) return;
    marked[cell] = true;
    out[size++] = static_cast<std::uint8_t>(cell);
  }
};

// Rule 1: in each direction from `to`, a run of one or more enemy pieces closed by one of
// the mover's pieces.
void sandwiches(const Board& board, int to, Cell own, Cell enemy, CaptureSet& set) {
  for (int d : kDirs) {
    int end = to + d;
    while (board[end] == enemy) end += d;
    if (end == to + d || board[end] != own) continue;
    for (int cell = to + d; cell != end; cell += d) set.add(cell);
  }
}

// Rule 2: a 4-connected enemy group next to `to` that touches the edge and has no empty
// neighbour (so every neighbour on the board is the mover's) is taken whole.
void shut_in_groups(const Board& board, int to, Cell enemy, CaptureSet& set) {
  std::array<bool, kCells> seen{};
  std::array<std::uint8_t, 81> group;
  for (int d : kDirs) {
    const int seed = to + d;
    if (board[seed] != enemy || seen[seed]) continue;
    int size = 0;
    bool touches_edge = false, has_liberty = false;
    seen[seed] = true;
    group[size++] = static_cast<std::uint8_t>(seed);
    for (int i = 0; i < size; ++i) {  // breadth-first over the group
      const int cell = group[i];
      touches_edge = touches_edge || on_edge(cell);
      for (int e : kDirs) {
        const int next = cell + e;
        if (board[next] == Cell::empty) has_liberty = true;
        if (board[next] == enemy && !seen[next]) {
          seen[next] = true;
          group[size++] = static_cast<std::uint8_t>(next);
        }
      }
    }
    if (touches_edge && !has_liberty)
      for (int i = 0; i < size; ++i) set.add(group[i]);
  }
}

}  // namespace

int find_captures(const Board& board, int to, Side mover, std::array<std::uint8_t, 81>& out) {
  CaptureSet set{.out = out};
  const Cell own = piece_of(mover), enemy = piece_of(other(mover));
  sandwiches(board, to, own, enemy, set);
  shut_in_groups(board, to, enemy, set);
  return set.size;
}

}  // namespace banmen::hasami
