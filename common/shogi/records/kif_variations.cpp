#include "shogi/records/kif_variations.h"

#include "shogi/records/kif.h"
#include "shogi/records/record.h"
#include "shogi/shogi_game.h"

namespace banmen::shogi {

namespace {

std::string move_line(std::size_t ply, const std::string& text) {
  std::string n = std::to_string(ply);
  return std::string(n.size() < 4 ? 4 - n.size() : 0, ' ') + n + " " + text + "\n";
}

// Writes the line that starts with `first` (a child of the position `game` is in), down
// its main line, then the side lines met on the way, deepest first. `game` is a copy this
// call may change.
void write_line(const VariationTree& tree, ShogiGame game, NodeId first, Move prev,
                std::string& out) {
  struct Branch {
    ShogiGame before;  // the position the alternatives are played from
    Move prev;
    NodeId node;  // the main-line child whose siblings are the side lines
  };
  std::vector<Branch> branches;
  const Variant& v = game.start().variant();
  for (NodeId at = first;;) {
    const VariationNode& n = tree.node(at);
    const NodeId parent = n.parent;
    if (tree.node(parent).children.size() > 1 && tree.node(parent).children.front() == at)
      branches.push_back(Branch{game, prev, at});
    // Every move in the tree was checked by the rules when it was added.
    if (!game.apply(n.move)) return;
    const Move m = game.moves().back();
    out += move_line(n.depth, kif_move_text(v, m, prev));
    prev = m;
    if (n.children.empty()) break;
    at = n.children.front();
  }
  for (auto b = branches.rbegin(); b != branches.rend(); ++b) {
    const auto& siblings = tree.node(tree.node(b->node).parent).children;
    for (std::size_t i = 1; i < siblings.size(); ++i) {
      out += "\n変化：" + std::to_string(tree.node(siblings[i]).depth) + "手\n";
      write_line(tree, b->before, siblings[i], b->prev, out);
    }
  }
}

}  // namespace

Result<std::string> export_kif_variations(const VariationTree& tree, const RecordInfo& record) {
  const auto* root = dynamic_cast<const ShogiGame*>(&tree.root_game());
  if (!root) return make_error(errc::unsupported, "KIF variations are written for shogi only");
  // The header is the one export_kif() writes for a game starting at the root position.
  ShogiGame start(root->info(), root->current());
  RecordInfo header = record;
  header.move_times_ms.clear();
  auto text = export_kif(start, header);
  if (!text) return text.error();
  const std::string marker = "手数----指手---------消費時間--\n";
  std::string out = text->substr(0, text->find(marker) + marker.size());
  const auto& top = tree.node(VariationTree::root()).children;
  if (top.empty()) return out;
  write_line(tree, start, top.front(), kNoMove, out);
  return out;
}

}  // namespace banmen::shogi
