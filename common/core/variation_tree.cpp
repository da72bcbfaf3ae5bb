#include "core/variation_tree.h"

#include <algorithm>

namespace banmen {

VariationTree::VariationTree(const Game& root, VariationLimits limits)
    : root_(root.clone()), limits_(limits), nodes_(1), kept_(1) {}

VariationTree::VariationTree(const VariationTree& other)
    : root_(other.root_->clone()),
      limits_(other.limits_),
      nodes_(other.nodes_),
      current_(other.current_) {
  kept_.reserve(other.kept_.size());
  for (const auto& game : other.kept_) kept_.push_back(game ? game->clone() : nullptr);
}

VariationTree& VariationTree::operator=(const VariationTree& other) {
  if (this != &other) *this = VariationTree(other);
  return *this;
}

Result<void> VariationTree::go_to(NodeId id) {
  if (!contains(id)) return make_error(errc::unknown_node, "no such review node");
  current_ = id;
  return {};
}

Result<void> VariationTree::check_room(NodeId parent, std::string_view move) const {
  if (move.size() > limits_.max_move_length)
    return make_error(errc::bad_move, "a move is at most " +
                                          std::to_string(limits_.max_move_length) + " characters");
  if (nodes_.size() >= limits_.max_nodes)
    return make_error(errc::review_limit,
                      "a review holds at most " + std::to_string(limits_.max_nodes) + " positions");
  if (nodes_[parent].depth >= limits_.max_depth)
    return make_error(errc::review_limit,
                      "a line is at most " + std::to_string(limits_.max_depth) + " moves long");
  if (nodes_[parent].children.size() >= limits_.max_children)
    return make_error(errc::review_limit, "at most " + std::to_string(limits_.max_children) +
                                              " variations branch from one position");
  return {};
}

NodeId VariationTree::append(NodeId parent, std::string_view move) {
  const auto id = static_cast<NodeId>(nodes_.size());
  nodes_.push_back(VariationNode{std::string(move), parent, nodes_[parent].depth + 1, {}});
  nodes_[parent].children.push_back(id);
  kept_.emplace_back();
  return id;
}

NodeId VariationTree::ancestor(NodeId id, std::uint32_t plies) const {
  for (; plies > 0 && id != root(); --plies) id = nodes_[id].parent;
  return id;
}

Result<void> VariationTree::keep_above(NodeId id, GamePtr above) {
  const std::uint32_t depth = nodes_[id].depth;
  if (depth % kKeepEvery != 0 || depth < 2 * kKeepEvery) return {};
  const NodeId up = ancestor(id, kKeepEvery);
  if (kept_[up]) return {};
  if (!above) {
    // At most kKeepEvery moves: `up`'s own ancestor kKeepEvery plies higher is kept.
    auto game = step_to(up);
    if (!game) return game.error();
    above = std::move(*game);
  }
  kept_[up] = std::move(above);
  return {};
}

Result<NodeId> VariationTree::add(NodeId parent, std::string_view move) {
  if (!contains(parent)) return make_error(errc::unknown_node, "no such review node");
  for (NodeId child : nodes_[parent].children)
    if (nodes_[child].move == move) return child;
  if (auto room = check_room(parent, move); !room) return room.error();
  auto game = step_to(parent);
  if (!game) return game.error();
  if (auto played = (*game)->apply(move); !played) return played.error();
  const NodeId id = append(parent, move);
  remember(id, std::move(*game));
  if (auto kept = keep_above(id); !kept) return kept.error();
  return id;
}

Result<NodeId> VariationTree::play(std::string_view move) {
  auto id = add(current_, move);
  if (id) current_ = *id;
  return id;
}

Result<NodeId> VariationTree::branch(NodeId id, std::string_view move) {
  if (!contains(id) || id == root())
    return make_error(errc::unknown_node, "only a move can have a variation");
  return add(nodes_[id].parent, move);
}

Result<NodeId> VariationTree::add_line(NodeId parent, const std::vector<std::string>& moves) {
  if (!contains(parent)) return make_error(errc::unknown_node, "no such review node");
  if (moves.size() > limits_.max_depth)
    return make_error(errc::review_limit,
                      "a line is at most " + std::to_string(limits_.max_depth) + " moves long");
  // One step per move, and each position kKeepEvery plies up kept from the way down.
  auto game = game_at(parent);
  if (!game) return game.error();
  std::vector<GamePtr> passed;  // by depth % kKeepEvery == 0 on this line: its game
  NodeId at = parent;
  for (const auto& move : moves) {
    NodeId next = 0;
    bool found = false;
    for (NodeId child : nodes_[at].children)
      if (nodes_[child].move == move) next = child, found = true;
    if (!found) {
      if (auto room = check_room(at, move); !room) return room.error();
    }
    if (auto played = (*game)->apply(move); !played) return played.error();
    if (!found) next = append(at, move);
    at = next;
    const std::uint32_t depth = nodes_[at].depth;
    if (depth % kKeepEvery != 0) continue;
    // The game kKeepEvery plies up, when this line passed it, and this one for later.
    const std::size_t slot = depth / kKeepEvery;
    GamePtr above = slot >= 1 && slot - 1 < passed.size() ? std::move(passed[slot - 1]) : nullptr;
    if (auto kept = keep_above(at, std::move(above)); !kept) return kept.error();
    if (passed.size() <= slot) passed.resize(slot + 1);
    passed[slot] = (*game)->clone();
  }
  remember(at, std::move(*game));
  return at;
}

std::vector<NodeId> VariationTree::path_from_root(NodeId id) const {
  std::vector<NodeId> path;
  if (!contains(id)) return path;
  path.reserve(nodes_[id].depth + 1);
  for (NodeId at = id; at != root(); at = nodes_[at].parent) path.push_back(at);
  path.push_back(root());
  std::reverse(path.begin(), path.end());
  return path;
}

std::vector<std::string> VariationTree::moves_to(NodeId id) const {
  std::vector<std::string> moves;
  for (NodeId at : path_from_root(id))
    if (at != root()) moves.push_back(nodes_[at].move);
  return moves;
}

Result<GamePtr> VariationTree::step_to(NodeId id) const {
  if (!contains(id)) return make_error(errc::unknown_node, "no such review node");
  // Up to the nearest position kept (the last asked for, a kept one, the root), then down.
  std::vector<NodeId> steps;
  const Game* from = nullptr;
  for (NodeId at = id;; at = nodes_[at].parent) {
    if (last_ && at == last_id_)
      from = last_.get();
    else if (at == root())
      from = root_.get();
    else if (kept_[at])
      from = kept_[at].get();
    if (from) break;
    steps.push_back(at);
  }
  GamePtr game = from->clone();
  for (auto step = steps.rbegin(); step != steps.rend(); ++step) {
    // Every stored move was legal when it was added, and replay is deterministic.
    if (auto played = game->apply(nodes_[*step].move); !played) return played.error();
  }
  return game;
}

void VariationTree::remember(NodeId id, GamePtr game) const {
  last_id_ = id;
  last_ = std::move(game);
}

Result<GamePtr> VariationTree::game_at(NodeId id) const {
  auto game = step_to(id);
  if (!game) return game.error();
  if (!(last_ && last_id_ == id)) remember(id, (*game)->clone());
  return game;
}

std::size_t VariationTree::kept_games() const {
  return static_cast<std::size_t>(
      std::count_if(kept_.begin(), kept_.end(), [](const GamePtr& g) { return g != nullptr; }));
}

}  // namespace banmen
