// A variation tree for reviewing a game: the moves played from one root position, with
// the main line and any number of side lines (variations) branching from any node, as KIF
// and PGN records hold them.
//
// Every move is checked by the rules through the Game seam before it joins the tree, so the
// tree works for every game. The position of a node is found by stepping from a position
// the tree keeps, never from the root: a node kKeepEvery plies above a deeper node keeps its
// game (so no path runs more than 2 * kKeepEvery - 1 plies without one, and the kept games
// number at most size() / kKeepEvery + 1), and the last position asked for is kept too, so
// a move after it costs one move. Sizes are bounded, and every refusal is an error value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/result.h"

namespace banmen {

namespace errc {
inline constexpr const char* review_limit = "review_limit";  // too many nodes, too deep
inline constexpr const char* unknown_node = "unknown_node";  // no node with that id
}  // namespace errc

using NodeId = std::uint32_t;

struct VariationNode {
  std::string move;              // protocol notation; empty for the root
  NodeId parent = 0;             // the root is its own parent
  std::uint32_t depth = 0;       // plies from the root
  std::vector<NodeId> children;  // main line first, then the variations in order of creation
};

struct VariationLimits {
  std::size_t max_nodes = 2000;   // the root included
  std::size_t max_depth = 1000;   // plies from the root
  std::size_t max_children = 64;  // variations at one node
  std::size_t max_move_length = 32;
};

class VariationTree {
 public:
  // Plies between kept positions on a path (see the top of this file).
  static constexpr std::uint32_t kKeepEvery = 16;

  // `root` is the position the review starts from (cloned; the original is not kept).
  explicit VariationTree(const Game& root, VariationLimits limits = {});
  VariationTree(const VariationTree& other);
  VariationTree& operator=(const VariationTree& other);
  VariationTree(VariationTree&&) noexcept = default;
  VariationTree& operator=(VariationTree&&) noexcept = default;

  static constexpr NodeId root() { return 0; }
  std::size_t size() const { return nodes_.size(); }
  const VariationLimits& limits() const { return limits_; }
  bool contains(NodeId id) const { return id < nodes_.size(); }
  // The node `id`; only for ids the tree contains.
  const VariationNode& node(NodeId id) const { return nodes_[id]; }
  const Game& root_game() const { return *root_; }

  // The node the review is looking at.
  NodeId current() const { return current_; }
  Result<void> go_to(NodeId id);

  // Plays `move` after node `parent`. If a child there already has this move, that child
  // is the answer and nothing is added; otherwise the move, checked by the rules, becomes
  // the last child (the main line when it is the first). The cursor does not move.
  // Errors: unknown_node, review_limit, and the seam's bad_move, illegal_move, game_over.
  Result<NodeId> add(NodeId parent, std::string_view move);
  // Plays `move` from the current node and moves the cursor to it.
  Result<NodeId> play(std::string_view move);
  // A side line: `move` played instead of node `id`'s move (a child of its parent).
  // Errors as add(), and unknown_node for the root, which has no parent.
  Result<NodeId> branch(NodeId id, std::string_view move);
  // Appends `moves` one after another from `parent` (a whole game's main line, say);
  // answers the last node. Stops at the first refusal.
  Result<NodeId> add_line(NodeId parent, const std::vector<std::string>& moves);

  // Node ids from the root (included) to `id` (included); empty for an unknown id.
  std::vector<NodeId> path_from_root(NodeId id) const;
  // The moves from the root to `id`.
  std::vector<std::string> moves_to(NodeId id) const;
  // The game at node `id`, stepped from the nearest kept position on its path (at most
  // 2 * kKeepEvery - 1 moves). Errors: unknown_node.
  Result<GamePtr> game_at(NodeId id) const;
  // How many positions the tree keeps besides the root and the last one asked for.
  std::size_t kept_games() const;

 private:
  Result<void> check_room(NodeId parent, std::string_view move) const;
  // The game at `id` without remembering it as the last one asked for.
  Result<GamePtr> step_to(NodeId id) const;
  void remember(NodeId id, GamePtr game) const;
  // Appends node `move` after `parent`, `game` being its position (the move played).
  NodeId append(NodeId parent, std::string_view move);
  // After node `id` joined: its ancestor kKeepEvery plies up keeps its game, so every path
  // through that ancestor finds a kept position within 2 * kKeepEvery - 1 plies. `above`,
  // when not null, is that ancestor's game (add_line has it at hand).
  Result<void> keep_above(NodeId id, GamePtr above = nullptr);
  NodeId ancestor(NodeId id, std::uint32_t plies) const;

  GamePtr root_;
  VariationLimits limits_;
  std::vector<VariationNode> nodes_;
  NodeId current_ = 0;
  std::vector<GamePtr> kept_;  // by node id: the kept positions; null elsewhere and at the root
  // The last position asked for (or just added): a look or a move there costs no replay.
  mutable NodeId last_id_ = 0;
  mutable GamePtr last_;
};

}  // namespace banmen
