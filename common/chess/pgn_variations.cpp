#include "chess/pgn_variations.h"

#include "chess/chess_game.h"
#include "chess/pgn.h"

namespace banmen::chess {

namespace {

class Writer {
 public:
  explicit Writer(const VariationTree& tree) : tree_(tree) {}

  // The moves from `game`'s position: the first child, its side lines, then onwards.
  void line(ChessGame game, NodeId parent, bool restate_number) {
    for (;;) {
      const auto& children = tree_.node(parent).children;
      if (children.empty()) return;
      ChessGame before = game;
      move(game, children.front(), restate_number);
      for (std::size_t i = 1; i < children.size(); ++i) {
        tokens_.push_back("(");
        ChessGame side = before;
        move(side, children[i], true);
        line(std::move(side), children[i], false);
        tokens_.push_back(")");
      }
      restate_number = children.size() > 1;
      parent = children.front();
    }
  }

  std::string text() const {
    std::string out, row;
    for (const auto& t : tokens_) {
      const bool glue = !row.empty() && (row.back() == '(' || t == ")");
      if (!row.empty() && row.size() + 1 + t.size() > 80) {
        out += row + "\n";
        row.clear();
      } else if (!row.empty() && !glue) {
        row.push_back(' ');
      }
      row += t;
    }
    return out + row + "\n";
  }

  std::vector<std::string> tokens_;

 private:
  void move(ChessGame& game, NodeId id, bool restate_number) {
    const Position& p = game.current();
    if (p.side == kWhite)
      tokens_.push_back(std::to_string(p.fullmove_number) + ".");
    else if (restate_number)
      tokens_.push_back(std::to_string(p.fullmove_number) + "...");
    // Every move in the tree was checked by the rules when it was added.
    if (!game.apply(tree_.node(id).move)) return;
    tokens_.push_back(game.display_notation(game.history_size() - 1, Viewer::referee));
  }

  const VariationTree& tree_;
};

}  // namespace

Result<std::string> export_pgn_variations(const VariationTree& tree, const RecordInfo& record) {
  const auto* root = dynamic_cast<const ChessGame*>(&tree.root_game());
  if (!root) return make_error(errc::unsupported, "PGN variations are written for chess only");
  ChessGame start(root->current());
  RecordInfo header = record;
  header.move_times_ms.clear();
  std::string tags = export_pgn(start, header);
  tags = tags.substr(0, tags.find("\n\n") + 2);
  Writer w(tree);
  w.line(start, VariationTree::root(), true);
  w.tokens_.push_back("*");
  return tags + w.text();
}

}  // namespace banmen::chess
