#include "core/variation_pgn.h"

#include <charconv>
#include <vector>

namespace banmen {

namespace {

// The full-move number of a FEN: its last field (1 if it has none).
int fullmove_of(const std::string& fen) {
  const auto space = fen.find_last_of(' ');
  const char* first = fen.data() + (space == std::string::npos ? 0 : space + 1);
  int n = 1;
  const auto [end, ec] = std::from_chars(first, fen.data() + fen.size(), n);
  return ec == std::errc() && end == fen.data() + fen.size() && n > 0 ? n : 1;
}

class MovetextWriter {
 public:
  explicit MovetextWriter(const VariationTree& tree) : tree_(tree) {}

  // The moves from `game`'s position (node `parent`): the first child, its side lines,
  // then onwards. `number` is the full-move number of that position.
  void line(GamePtr game, NodeId parent, int number, bool restate_number) {
    for (;;) {
      const auto& children = tree_.node(parent).children;
      if (children.empty()) return;
      // A copy of the position only where side lines branch off: the main line is written
      // by playing on, so a long game costs one move per node, not a copy of its history.
      GamePtr before = children.size() > 1 ? game->clone() : nullptr;
      const int before_number = number;
      number = move(*game, children.front(), number, restate_number);
      for (std::size_t i = 1; i < children.size(); ++i) {
        tokens_.push_back("(");
        GamePtr side = before->clone();
        const int side_number = move(*side, children[i], before_number, true);
        line(std::move(side), children[i], side_number, false);
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
  // Writes node `id`'s move played on `game`; answers the full-move number after it.
  int move(Game& game, NodeId id, int number, bool restate_number) {
    const bool white = game.to_move() == 0;
    if (white)
      tokens_.push_back(std::to_string(number) + ".");
    else if (restate_number)
      tokens_.push_back(std::to_string(number) + "...");
    // Every move in the tree was checked by the rules when it was added.
    if (!game.apply(tree_.node(id).move)) return number;
    tokens_.push_back(game.display_notation(game.history_size() - 1, Viewer::referee));
    return white ? number : number + 1;
  }

  const VariationTree& tree_;
};

}  // namespace

std::string pgn_variation_movetext(const VariationTree& tree) {
  const Game& root = tree.root_game();
  MovetextWriter w(tree);
  w.line(root.clone(), VariationTree::root(), fullmove_of(root.position()), true);
  w.tokens_.push_back("*");
  return w.text();
}

}  // namespace banmen
