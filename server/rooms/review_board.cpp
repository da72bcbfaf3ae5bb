#include "rooms/review_board.h"

#include <algorithm>
#include <array>
#include <atomic>

#include "protocol/error_codes.h"

namespace banmen::server {

namespace {

constexpr std::array<std::string_view, 4> kBrushes{"green", "red", "blue", "yellow"};
constexpr std::size_t kMaxSquareText = 3;  // "a10" on a ten-rank fairy board

// The board's size and how its squares are written: the shogi family's "7g" (file digit,
// rank letter) or chess's "e4" (file letter, rank number), as the game's facts say.
struct BoardShape {
  int files = 0;
  int ranks = 0;
  bool shogi_style = false;
};

BoardShape board_shape_of(const Game& game) {
  const GameInfo& info = game.info();
  return {info.files, info.ranks, info.squares == SquareNames::shogi};
}

bool square_on_board(const BoardShape& b, std::string_view s) {
  if (s.size() < 2 || s.size() > kMaxSquareText) return false;
  if (b.shogi_style)
    return s.size() == 2 && s[0] >= '1' && s[0] < '1' + b.files && s[1] >= 'a' &&
           s[1] < 'a' + b.ranks;
  if (s[0] < 'a' || s[0] >= 'a' + b.files) return false;
  int rank = 0;
  for (char c : s.substr(1)) {
    if (c < '0' || c > '9') return false;
    rank = rank * 10 + (c - '0');
  }
  return s[1] != '0' && rank >= 1 && rank <= b.ranks;
}

Error bad_shapes(const std::string& why) {
  return make_error(errc::bad_request, "shapes: " + why);
}

}  // namespace

ReviewBoard::ReviewBoard(VariationTree tree, int game_no)
    : tree_(std::move(tree)), game_no_(game_no) {
  // Boards are made on the room workers' threads.
  static std::atomic<std::uint64_t> made{0};
  serial_ = ++made;
}

VariationLimits ReviewBoard::limits_for(std::size_t plies) {
  VariationLimits limits;
  limits.max_nodes = plies + 1 + kReviewExtraNodes;
  limits.max_depth = plies + kReviewExtraDepth;
  return limits;
}

ReviewBoard ReviewBoard::of_tree(VariationTree tree, int game_no, bool open) {
  ReviewBoard board(std::move(tree), game_no);
  board.open_ = open;
  board.display_.assign(board.tree_.size(), "");
  // Depth first, each node's game made once from its parent's (no replay from the root);
  // the last child plays on its parent's game itself, so a line without branches copies
  // nothing.
  std::vector<std::pair<NodeId, GamePtr>> stack;
  stack.emplace_back(VariationTree::root(), board.tree_.root_game().clone());
  while (!stack.empty()) {
    auto [id, game] = std::move(stack.back());
    stack.pop_back();
    const auto& children = board.tree_.node(id).children;
    for (std::size_t i = 0; i < children.size(); ++i) {
      const NodeId child = children[i];
      GamePtr next = i + 1 < children.size() ? game->clone() : std::move(game);
      if (!next->apply(board.tree_.node(child).move)) continue;  // checked when it was read
      board.display_[child] = next->display_notation(next->history_size() - 1, Viewer::referee);
      stack.emplace_back(child, std::move(next));
    }
  }
  (void)board.tree_.go_to(VariationTree::root());
  board.look();
  return board;
}

Result<ReviewBoard> ReviewBoard::of_game(const Game& start, const Game& finished, int game_no) {
  const std::size_t plies = finished.history_size();
  ReviewBoard board(VariationTree(start, limits_for(plies)), game_no);
  // The main line in one pass (one move each), each move's display read from the finished
  // game, which played the same moves from the same start.
  std::vector<std::string> moves;
  moves.reserve(plies);
  board.display_.reserve(plies + 1);
  board.display_.push_back("");
  for (std::size_t i = 0; i < plies; ++i) {
    moves.push_back(finished.notation(i, Viewer::referee));
    board.display_.push_back(finished.display_notation(i, Viewer::referee));
  }
  auto end = board.tree_.add_line(VariationTree::root(), moves);
  if (!end) return end.error();
  if (auto moved = board.tree_.go_to(*end); !moved) return moved.error();
  board.look();
  return board;
}

std::string ReviewBoard::display_of(const Game& before, std::string_view move) {
  GamePtr after = before.clone();
  if (!after->apply(move)) return std::string(move);
  return after->display_notation(after->history_size() - 1, Viewer::referee);
}

Result<void> ReviewBoard::go_to_ply(std::size_t ply) {
  NodeId at = VariationTree::root();
  for (std::size_t i = 0; i < ply; ++i) {
    const auto& children = tree_.node(at).children;
    if (children.empty())
      return make_error(errc::unknown_node, "the game has no ply " + std::to_string(ply));
    at = children.front();
  }
  return go_to(at);
}

Result<void> ReviewBoard::play(std::string_view move) {
  auto added = tree_.add(tree_.current(), move);
  if (!added) return added.error();
  if (*added == display_.size()) {
    // The tree keeps the position it just made: no replay for its display.
    auto after = tree_.game_at(*added);
    if (!after) return after.error();
    display_.push_back((*after)->display_notation((*after)->history_size() - 1, Viewer::referee));
    changed_.added.push_back(*added);
  }
  if (auto moved = tree_.go_to(*added); !moved) return moved.error();
  look();
  return ok();
}

Result<void> ReviewBoard::go_to(NodeId node) {
  if (auto moved = tree_.go_to(node); !moved) return moved.error();
  look();
  return ok();
}

Result<std::vector<ReviewShape>> read_review_shapes(const json& shapes) {
  if (!shapes.is_array()) return bad_shapes("an array is expected");
  if (shapes.size() > kMaxShapes)
    return bad_shapes("at most " + std::to_string(kMaxShapes) + " shapes");
  std::vector<ReviewShape> read;
  read.reserve(shapes.size());
  for (const auto& s : shapes) {
    if (!s.is_object()) return bad_shapes("each shape is an object");
    auto orig = get_string(s, "orig");
    auto brush = get_string(s, "brush");
    if (!orig || orig->size() > kMaxSquareText) return bad_shapes("orig is not a square here");
    if (!brush || std::find(kBrushes.begin(), kBrushes.end(), *brush) == kBrushes.end())
      return bad_shapes("brush is one of green, red, blue, yellow");
    ReviewShape shape{std::move(*orig), std::nullopt, std::move(*brush)};
    if (s.contains("dest") && !s["dest"].is_null()) {
      auto dest = get_string(s, "dest");
      if (!dest || dest->size() > kMaxSquareText) return bad_shapes("dest is not a square here");
      shape.dest = std::move(*dest);
    }
    read.push_back(std::move(shape));
  }
  return read;
}

Result<void> ReviewBoard::draw(const std::vector<ReviewShape>& shapes) {
  const BoardShape board = board_shape_of(tree_.root_game());
  json checked = json::array();
  for (const auto& s : shapes) {
    if (!square_on_board(board, s.orig)) return bad_shapes("orig is not a square here");
    json shape{{"orig", s.orig}, {"brush", s.brush}};
    if (s.dest) {
      if (!square_on_board(board, *s.dest)) return bad_shapes("dest is not a square here");
      if (*s.dest != s.orig) shape["dest"] = *s.dest;
    }
    checked.push_back(std::move(shape));
  }
  shapes_ = std::move(checked);
  changed_.shapes = true;
  return ok();
}

void ReviewBoard::look() {
  const NodeId id = tree_.current();
  auto game = tree_.game_at(id);
  if (!game) return;  // the current node is always in the tree
  const Game& g = **game;
  json legal = g.over() ? json::array() : json(g.legal_moves());
  here_ = json{{"current", id},
               {"ply", tree_.node(id).depth},
               {"position", g.view(Viewer::referee)},
               {"to_move", g.to_move()},
               {"in_check", g.in_check()},
               {"last_move", tree_.node(id).move},
               {"legal_moves", std::move(legal)}};
  changed_.here = true;
}

json ReviewBoard::event() const {
  if (!open_) {
    json closed{{"type", "review"},
                {"version", version_},
                {"open", false},
                {"game_no", game_no_},
                {"by", by_}};
    if (imported_) closed["imported"] = imported_->to_json();
    return closed;
  }
  json nodes = json::array();
  for (NodeId id = 0; id < tree_.size(); ++id) {
    const auto& n = tree_.node(id);
    nodes.push_back(json{{"id", id},
                         {"parent", n.parent},
                         {"move", n.move},
                         {"display", display_[id]},
                         {"children", n.children}});
  }
  json e{{"type", "review"},    {"version", version_}, {"open", true},
         {"game_no", game_no_}, {"by", by_},           {"nodes", std::move(nodes)}};
  // A record brought in names its game: the client draws that game's board.
  if (imported_) e["imported"] = imported_->to_json();
  e.update(here_);
  e["shapes"] = shapes_;
  e["spectators_may_drive"] = spectators_may_drive_;
  return e;
}

json ReviewBoard::change_event() {
  json e{{"type", "review"},    {"version", version_}, {"open", open_},
         {"game_no", game_no_}, {"by", by_},           {"base", version_}};
  json added = json::array();
  for (const NodeId id : changed_.added) {
    const auto& n = tree_.node(id);
    added.push_back(
        json{{"id", id}, {"parent", n.parent}, {"move", n.move}, {"display", display_[id]}});
  }
  if (!added.empty()) e["added"] = std::move(added);
  if (changed_.here) e.update(here_);
  if (changed_.shapes) e["shapes"] = shapes_;
  if (changed_.allow) e["spectators_may_drive"] = spectators_may_drive_;
  changed_ = {};
  return e;
}

}  // namespace banmen::server
