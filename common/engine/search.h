// One alpha-beta search for every game family: negamax with principal variation search,
// iterative deepening, a transposition table, move ordering (table move, captures by
// MVV-LVA, two killers per ply, history) and quiescence over the moves a family calls
// noisy. A family plugs in through a Node type (see chess_node.h for the full list of
// what a Node provides); the search copies a node and plays a move on the copy, so a node
// is small plain data.
//
// The limits (depth, nodes, a deadline, a stop flag another thread may set) are checked
// every 1024 nodes (every 64 in fairy chess, whose nodes may each hold hundreds of moves),
// and sooner once the nodes since the last look generated kLookEveryMoves moves (a duck
// chess node holds over a thousand, a room's own walling variant tens of thousands); an
// interrupted iteration is thrown away, except that the first iteration always scores at least its
// first root move, so a search always has a move. Only the stop flag and the hard deadline cut that
// first move short (a fairy variant of a room's own can make even one ply of captures huge); the
// answer is then the first legal move, unscored.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/tt.h"

namespace banmen::engine {

inline constexpr int kInfinity = 32000;
inline constexpr int kWin = 31000;  // a win at ply p scores kWin - p
inline constexpr int kMaxPly = 96;

constexpr bool is_win_score(int score) {
  return score > kWin - 2 * kMaxPly || score < -kWin + 2 * kMaxPly;
}

struct Limits {
  int max_depth = 64;
  std::uint64_t max_nodes = 0;  // 0: none
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  // Past this even the first root move stops unscored (see above); not before `deadline`.
  std::chrono::steady_clock::time_point hard_deadline =
      std::chrono::steady_clock::time_point::max();
  const std::atomic<bool>* stop = nullptr;
};

// Moves generated between two looks at the clock at most (see above).
inline constexpr std::uint64_t kLookEveryMoves = 16384;

template <class Move>
struct RootScore {
  Move move;
  int score;
};

template <class Move>
struct SearchOutcome {
  Move best{};
  int score = 0;
  int depth = 0;            // the last iteration that completed
  std::uint64_t nodes = 0;  // nodes visited, quiescence included
  // Every root move with its score in the last completed iteration, best first. Exact
  // for each move only when the search was asked for exact root scores.
  std::vector<RootScore<Move>> root;
};

template <class Node>
class Searcher {
 public:
  using Move = typename Node::Move;

  Searcher(TranspositionTable& tt, const Limits& limits) : tt_(tt), limits_(limits) {}

  // `exact_root_scores`: search every root move with a full window, so the weaker levels
  // can draw among the root moves by score (slower; used only at shallow depths).
  // `earlier`: keys of the positions the game stood in before `root`, oldest first.
  SearchOutcome<Move> run(const Node& root, bool exact_root_scores,
                          const std::vector<std::uint64_t>& earlier = {}) {
    earlier_ = &earlier;
    SearchOutcome<Move> out;
    Node node = root;
    std::vector<Move> moves(static_cast<std::size_t>(capacity(node)));
    const int n = node.generate(moves.data());
    if (n == 0) return out;
    for (int i = 0; i < n; ++i) out.root.push_back({moves[i], 0});
    out.best = moves[0];
    for (int depth = 1; depth <= limits_.max_depth && depth < kMaxPly; ++depth) {
      may_abort_ = depth > 1;
      if (may_abort_ && budget_spent()) break;
      std::vector<RootScore<Move>> scored = out.root;
      int alpha = -kInfinity;
      std::size_t searched = 0;
      for (std::size_t i = 0; i < scored.size(); ++i) {
        // The first iteration stops only once one root move has a real score.
        may_abort_ = depth > 1 || i > 0;
        Node child = root;
        child.play(scored[i].move);
        path_[0] = root.key();
        int score;
        if (i == 0 || exact_root_scores) {
          score = -negamax(child, depth - 1, -kInfinity, exact_root_scores ? kInfinity : -alpha, 1);
        } else {
          score = -negamax(child, depth - 1, -alpha - 1, -alpha, 1);
          if (score > alpha && !aborted_) score = -negamax(child, depth - 1, -kInfinity, -alpha, 1);
        }
        if (aborted_) break;
        ++searched;
        scored[i].score = score;
        if (score > alpha) alpha = score;
        // Moves past the first that fail low keep a bound below alpha: rank them there.
        if (!exact_root_scores && i > 0 && score < alpha)
          scored[i].score = std::min(score, alpha - 1);
      }
      if (aborted_ && depth > 1) break;
      // Stopped before the first root move had a score: the first legal move, unscored.
      if (aborted_ && searched == 0) break;
      // An interrupted first iteration keeps the moves it scored.
      if (aborted_) scored.resize(searched);
      std::stable_sort(scored.begin(), scored.end(),
                       [](const auto& a, const auto& b) { return a.score > b.score; });
      out.root = scored;
      out.best = scored[0].move;
      out.score = scored[0].score;
      out.depth = depth;
      tt_.store(root.key(), root.code(out.best), out.score, depth, Bound::exact);
      if (aborted_ || is_win_score(out.score)) break;
    }
    out.nodes = nodes_;
    return out;
  }

 private:
  // How many nodes pass between looks at the clock: 1024, or fewer for a family whose
  // nodes are slow (Node::kCheckMask, a power of two less one).
  static constexpr std::uint64_t check_mask() {
    if constexpr (requires { Node::kCheckMask; })
      return Node::kCheckMask;
    else
      return 1023;
  }
  bool out_of_budget() {
    if ((nodes_ & check_mask()) != 0 && generated_ < kLookEveryMoves) return aborted_;
    generated_ = 0;
    if (!may_abort_) return stopped_hard();
    return budget_spent();
  }
  // Room for one node's moves: the node's own bound when it has one (fairy chess: its
  // variant's bound, up to tens of thousands of moves with walls), else Node::kMaxMoves.
  static int capacity(const Node& node) {
    if constexpr (requires { node.move_capacity(); })
      return node.move_capacity();
    else
      return Node::kMaxMoves;
  }
  // The move and key lists of the nodes at `ply`, on the heap (a node of tens of thousands
  // of moves would not fit a thread's stack) and kept for the whole search. A node's lists
  // are in use only while it is searched, and its children are at the next ply.
  struct PlyLists {
    std::vector<Move> moves;
    std::vector<int> keys;
    std::vector<std::pair<int, Move>> sorted;  // scratch for sort_rest()
  };
  PlyLists& lists_at(int ply, const Node& node) {
    PlyLists& l = plies_[static_cast<std::size_t>(ply)];
    const auto cap = static_cast<std::size_t>(capacity(node));
    if (l.moves.size() < cap) {
      l.moves.resize(cap);
      l.keys.resize(cap);
    }
    return l;
  }
  int generate(const Node& node, PlyLists& l) {
    const int n = node.generate(l.moves.data());
    generated_ += static_cast<std::uint64_t>(n);
    return n;
  }
  // Before the first root move has a score: only the stop flag and the hard deadline.
  bool stopped_hard() {
    if ((limits_.stop && limits_.stop->load(std::memory_order_relaxed)) ||
        std::chrono::steady_clock::now() >= limits_.hard_deadline)
      aborted_ = true;
    return aborted_;
  }
  bool budget_spent() {
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) aborted_ = true;
    if (limits_.max_nodes && nodes_ >= limits_.max_nodes) aborted_ = true;
    if (std::chrono::steady_clock::now() >= limits_.deadline) aborted_ = true;
    return aborted_;
  }

  // A position met before with the same side to move, in the search path or in the game
  // (the last 50 plies): scored as a draw, which is what repeating it leads to.
  bool repeats(std::uint64_t key, int ply) const {
    for (int p = ply - 2; p >= 0; p -= 2)
      if (path_[p] == key) return true;
    const int h = static_cast<int>(earlier_->size());
    for (int k = (ply % 2 == 0) ? 2 : 1; k <= h && k <= 50; k += 2)
      if ((*earlier_)[h - k] == key) return true;
    return false;
  }

  static int to_tt(int score, int ply) {
    return score > kWin - 2 * kMaxPly    ? score + ply
           : score < -kWin + 2 * kMaxPly ? score - ply
                                         : score;
  }
  static int from_tt(int score, int ply) {
    return score > kWin - 2 * kMaxPly    ? score - ply
           : score < -kWin + 2 * kMaxPly ? score + ply
                                         : score;
  }

  // Scores the moves for ordering: table move, noisy moves by MVV-LVA, killers, history.
  void order(const Node& node, const Move* moves, int n, std::uint32_t tt_move, int ply,
             int* keys) const {
    for (int i = 0; i < n; ++i) {
      const std::uint32_t code = node.code(moves[i]);
      if (code == tt_move && tt_move != 0)
        keys[i] = 1 << 30;
      else if (node.noisy(moves[i]))
        keys[i] = (1 << 24) + node.capture_order(moves[i]);
      else if (code == killers_[ply][0])
        keys[i] = (1 << 23);
      else if (code == killers_[ply][1])
        keys[i] = (1 << 22);
      else
        keys[i] = history_[node.side()][node.history_slot(moves[i])];
      // A move a node asks to try after every other (janggi's pass), unless the table has it.
      if constexpr (requires { node.ordered_last(moves[i]); })
        if (keys[i] < (1 << 30) && node.ordered_last(moves[i])) keys[i] = -1;
    }
  }
  // Brings the best remaining move to position i (selection sort, one step at a time).
  // Past the first kPickOneByOne moves the rest are sorted at once, so a node of thousands
  // of moves that are all searched costs n log n, not n squared.
  static constexpr int kPickOneByOne = 8;
  static void pick(Move* moves, int* keys, int n, int i, PlyLists& l) {
    if (i == kPickOneByOne && n - i > 1) return sort_rest(moves, keys, n, i, l);
    if (i > kPickOneByOne) return;
    int best = i;
    for (int j = i + 1; j < n; ++j)
      if (keys[j] > keys[best]) best = j;
    std::swap(moves[i], moves[best]);
    std::swap(keys[i], keys[best]);
  }
  static void sort_rest(Move* moves, int* keys, int n, int from, PlyLists& l) {
    l.sorted.clear();
    for (int j = from; j < n; ++j) l.sorted.push_back({keys[j], moves[j]});
    std::stable_sort(l.sorted.begin(), l.sorted.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (int j = from; j < n; ++j) {
      keys[j] = l.sorted[static_cast<std::size_t>(j - from)].first;
      moves[j] = l.sorted[static_cast<std::size_t>(j - from)].second;
    }
  }

  int negamax(Node& node, int depth, int alpha, int beta, int ply) {
    ++nodes_;
    if (out_of_budget()) return 0;
    int end;
    if (node.rule_end(ply, end)) return end;
    const std::uint64_t key = node.key();
    path_[ply] = key;
    if (repeats(key, ply)) return 0;
    const bool in_check = node.in_check();
    if (in_check && ply < kMaxPly / 2) ++depth;
    if (depth <= 0 || ply >= kMaxPly - 1) return quiesce(node, alpha, beta, ply, 0);

    std::uint32_t tt_move = 0;
    if (const TtEntry* e = tt_.probe(key)) {
      tt_move = e->move;
      if (e->depth >= depth) {
        const int s = from_tt(e->score, ply);
        if (e->bound == Bound::exact || (e->bound == Bound::lower && s >= beta) ||
            (e->bound == Bound::upper && s <= alpha))
          return s;
      }
    }

    PlyLists& lists = lists_at(ply, node);
    Move* moves = lists.moves.data();
    int* keys = lists.keys.data();
    const int n = generate(node, lists);
    if (n == 0) return node.no_moves_score(ply);
    order(node, moves, n, tt_move, ply, keys);

    const int alpha0 = alpha;
    int best = -kInfinity;
    std::uint32_t best_code = 0;
    for (int i = 0; i < n; ++i) {
      pick(moves, keys, n, i, lists);
      const Move m = moves[i];
      const bool quiet = !node.noisy(m);
      Node child = node;
      child.play(m);
      int score;
      if (i == 0) {
        score = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
      } else {
        // Late quiet moves are first searched one ply shallower.
        const int reduction = (quiet && !in_check && depth >= 3 && i >= 4) ? 1 : 0;
        score = -negamax(child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && reduction && !aborted_)
          score = -negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && score < beta && !aborted_)
          score = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
      }
      if (aborted_) return 0;
      if (score > best) {
        best = score;
        best_code = node.code(m);
      }
      if (score > alpha) alpha = score;
      if (alpha >= beta) {
        if (quiet) {
          const std::uint32_t code = node.code(m);
          if (killers_[ply][0] != code) {
            killers_[ply][1] = killers_[ply][0];
            killers_[ply][0] = code;
          }
          int& h = history_[node.side()][node.history_slot(m)];
          h = std::min(h + depth * depth, 1 << 20);
        }
        break;
      }
    }
    const Bound bound = best >= beta ? Bound::lower : best > alpha0 ? Bound::exact : Bound::upper;
    tt_.store(key, best_code, to_tt(best, ply), depth, bound);
    return best;
  }

  // Walls (duck chess): quiescence tries each capture with one wall only, the first listed
  // (the generator lists a move's walls one after another), or a position of ten captures
  // would have hundreds of noisy moves.
  static bool only_wall_differs(const Node& node, Move a, Move b) {
    if constexpr (requires { node.only_wall_differs(a, b); })
      return node.only_wall_differs(a, b);
    else
      return false;
  }

  // Only noisy moves, until the position is quiet; the side to move may stand pat, except
  // in check where every move is tried. Bounded in depth so it always ends.
  int quiesce(Node& node, int alpha, int beta, int ply, int qdepth) {
    const bool in_check = node.in_check();
    int best = -kInfinity;
    if (!in_check || qdepth >= 6 || ply >= kMaxPly - 1) {
      best = node.evaluate();
      if (best >= beta || qdepth >= 6 || ply >= kMaxPly - 1 || !Node::kQuiescence) return best;
      if (best > alpha) alpha = best;
    }
    PlyLists& lists = lists_at(ply, node);
    Move* moves = lists.moves.data();
    int* keys = lists.keys.data();
    const int n = generate(node, lists);
    if (n == 0) return node.no_moves_score(ply);
    int m_count = 0;
    for (int i = 0; i < n; ++i)
      if ((in_check || node.noisy(moves[i])) &&
          !(m_count > 0 && only_wall_differs(node, moves[m_count - 1], moves[i]))) {
        moves[m_count] = moves[i];
        keys[m_count++] = node.capture_order(moves[i]);
      }
    for (int i = 0; i < m_count; ++i) {
      pick(moves, keys, m_count, i, lists);
      Node child = node;
      child.play(moves[i]);
      ++nodes_;
      if (out_of_budget()) return 0;
      int end;
      const int score =
          child.rule_end(ply + 1, end) ? -end : -quiesce(child, -beta, -alpha, ply + 1, qdepth + 1);
      if (score > best) best = score;
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
    return best;
  }

  TranspositionTable& tt_;
  Limits limits_;
  std::uint64_t nodes_ = 0;
  std::uint64_t generated_ = 0;  // moves generated since the clock was last read
  bool aborted_ = false;
  bool may_abort_ = false;  // false until the first root move has a score
  const std::vector<std::uint64_t>* earlier_ = nullptr;
  std::array<std::uint64_t, kMaxPly + 1> path_{};
  std::array<std::array<std::uint32_t, 2>, kMaxPly + 1> killers_{};
  std::vector<PlyLists> plies_ = std::vector<PlyLists>(kMaxPly + 1);
  std::vector<std::array<int, Node::kHistorySlots>> history_ =
      std::vector<std::array<int, Node::kHistorySlots>>(2);
};

}  // namespace banmen::engine
