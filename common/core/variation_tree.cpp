#include "core/variation_tree.h"

#include <algorithm>

namespace banmen {

VariationTree::VariationTree(const Game& root, VariationLimits limits)
    : root_(root.clone()), limits_(limits), nodes_(1) {}

VariationTree::VariationTree(const VariationTree& other)
    : root_(other.root_->clone()),
      limits_(other.limits_),
      nodes_(other.nodes_),
      current_(other.current_) {}

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

Result<NodeId> VariationTree::add(NodeId parent, std::string_view move) {
  if (!contains(parent)) return make_error(errc::unknown_node, "no such review node");
  for (NodeId child : nodes_[parent].children)
    if (nodes_[child].move == move) return child;
  if (auto room = check_room(parent, move); !room) return room.error();
  auto game = game_at(parent);
  if (!game) return game.error();
  if (auto played = (*game)->apply(move); !played) return played.error();
  const auto id = static_cast<NodeId>(nodes_.size());
  nodes_.push_back(VariationNode{std::string(move), parent, nodes_[parent].depth + 1, {}});
  nodes_[parent].children.push_back(id);
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
  // One replay for the whole line rather than one per move.
  auto game = game_at(parent);
  if (!game) return game.error();
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
    if (!found) {
      next = static_cast<NodeId>(nodes_.size());
      nodes_.push_back(VariationNode{move, at, nodes_[at].depth + 1, {}});
      nodes_[at].children.push_back(next);
    }
    at = next;
  }
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

Result<GamePtr> VariationTree::game_at(NodeId id) const {
  if (!contains(id)) return make_error(errc::unknown_node, "no such review node");
  GamePtr game = root_->clone();
  for (const auto& move : moves_to(id)) {
    // Every stored move was legal when it was added, and replay is deterministic.
    if (auto played = game->apply(move); !played) return played.error();
  }
  return game;
}

}  // namespace banmen
