// Random games and review trees, and the trees written out for comparison, for the record
// import tests.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "core/variation_tree.h"

namespace banmen::test {

// A random game of up to `plies` moves from `root`.
inline GamePtr random_game(const Game& root, std::mt19937& rng, int plies) {
  GamePtr g = root.clone();
  for (int ply = 0; ply < plies && !g->over(); ++ply) {
    const auto moves = g->legal_moves();
    if (moves.empty()) break;
    (void)g->apply(moves[rng() % moves.size()]);
  }
  return g;
}

// A random tree: a main line, then `lines` - 1 side lines of up to `plies` moves from
// random nodes.
inline VariationTree random_review_tree(const Game& root, std::mt19937& rng, int lines, int plies) {
  VariationTree t(root);
  for (int line = 0; line < lines; ++line) {
    NodeId at = line == 0 ? VariationTree::root() : NodeId(1 + rng() % (t.size() - 1));
    if (line > 0) at = t.node(at).parent;  // a move replaced, not only continued
    auto g = t.game_at(at);
    for (int ply = 0; ply < plies && !(*g)->over(); ++ply) {
      const auto moves = (*g)->legal_moves();
      if (moves.empty()) break;
      const auto& m = moves[rng() % moves.size()];
      if (!(*g)->apply(m)) break;
      at = *t.add(at, m);
    }
  }
  return t;
}

// Every node's moves below it, children in order: "(m1 (…) m2 (…))".
inline void tree_text_at(const VariationTree& t, NodeId id, std::string& out) {
  out += '(';
  for (NodeId c : t.node(id).children) {
    out += t.node(c).move;
    tree_text_at(t, c, out);
    out += ' ';
  }
  out += ')';
}
inline std::string tree_text(const VariationTree& t) {
  std::string out;
  tree_text_at(t, VariationTree::root(), out);
  return out;
}

inline std::vector<std::string> main_line(const VariationTree& t) {
  std::vector<std::string> out;
  for (NodeId at = VariationTree::root(); !t.node(at).children.empty();) {
    at = t.node(at).children.front();
    out.push_back(t.node(at).move);
  }
  return out;
}
inline std::size_t main_line_length(const VariationTree& t) {
  return main_line(t).size();
}

inline std::vector<std::string> history(const Game& g) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < g.history_size(); ++i) out.push_back(g.notation(i, Viewer::referee));
  return out;
}

}  // namespace banmen::test
