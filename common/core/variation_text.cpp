#include "core/variation_text.h"

#include <algorithm>

#include <vector>

namespace banmen {

namespace {

void write_line(const VariationTree& tree, NodeId parent, std::string& out) {
  for (;;) {
    const auto& children = tree.node(parent).children;
    if (children.empty()) return;
    out += " " + tree.node(children.front()).move;
    for (std::size_t i = 1; i < children.size(); ++i) {
      out += " ( " + tree.node(children[i]).move;
      write_line(tree, children[i], out);
      out += " )";
    }
    parent = children.front();
  }
}

std::string_view next_line(std::string_view& text) {
  const auto end = text.find('\n');
  std::string_view line = text.substr(0, end);
  text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace

std::string write_variation_text(const VariationTree& tree) {
  const Game& root = tree.root_game();
  std::string out = "review " + std::string(root.info().id) + "\n";
  out += "start " + root.position() + "\nmoves";
  write_line(tree, VariationTree::root(), out);
  return out + "\n";
}

Result<VariationTree> read_variation_text(const Game& root, std::string_view text,
                                          VariationLimits limits) {
  if (text.size() > kMaxVariationTextLength)
    return make_error(errc::bad_record, "a review transcript is at most " +
                                            std::to_string(kMaxVariationTextLength) + " bytes");
  // A header line missing from a cut text is named as the text's last line, never past it.
  const std::size_t lines =
      1 + static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  const auto refuse = [&](std::size_t line, const std::string& why) {
    return make_error(errc::bad_record,
                      "line " + std::to_string(std::min(line, lines)) + ": " + why);
  };
  const std::string header = "review " + std::string(root.info().id);
  if (next_line(text) != header) return refuse(1, "expected '" + header + "'");
  if (next_line(text) != "start " + root.position())
    return refuse(2, "the review starts from another position");
  std::string_view moves = next_line(text);
  if (!moves.starts_with("moves")) return refuse(3, "expected 'moves'");
  moves.remove_prefix(5);
  VariationTree tree(root, limits);
  // at: the node the next move follows; last: the node of the move just read, whose
  // parent a "(" goes back to; the stack remembers both for each open side line.
  struct Frame {
    NodeId at, last;
  };
  std::vector<Frame> open;
  NodeId at = VariationTree::root(), last = VariationTree::root();
  while (!moves.empty()) {
    while (!moves.empty() && moves.front() == ' ') moves.remove_prefix(1);
    if (moves.empty()) break;
    const auto end = moves.find(' ');
    const std::string_view token = moves.substr(0, end);
    moves = end == std::string_view::npos ? std::string_view{} : moves.substr(end);
    if (token == "(") {
      if (last == VariationTree::root())
        return make_error(errc::bad_record, "line 3: '(' must follow a move");
      open.push_back(Frame{at, last});
      at = tree.node(last).parent;
      last = VariationTree::root();
    } else if (token == ")") {
      if (open.empty()) return make_error(errc::bad_record, "line 3: unbalanced ')'");
      at = open.back().at;
      last = open.back().last;
      open.pop_back();
    } else {
      auto id = tree.add(at, token);
      if (!id) return id.error();
      at = last = *id;
    }
  }
  if (!open.empty()) return make_error(errc::bad_record, "line 3: a '(' is never closed");
  return tree;
}

}  // namespace banmen
