// A test helper for the variation check (pgn_variations.mjs): reads a start FEN on the
// first line and then one line of UCI moves per line (each from the start; shared
// prefixes meet in one tree, the first line is the main line) and prints the PGN.
#include <iostream>
#include <sstream>
#include <string>

#include "chess/pgn_variations.h"
#include "core/registry.h"
#include "core/variation_tree.h"

int main() {
  std::string start, line;
  std::getline(std::cin, start);
  auto game = banmen::create_game("chess", start);
  if (!game) {
    std::cerr << game.error().message << "\n";
    return 1;
  }
  banmen::VariationTree tree(**game);
  while (std::getline(std::cin, line)) {
    std::istringstream words(line);
    std::vector<std::string> moves;
    for (std::string m; words >> m;) moves.push_back(m);
    if (auto end = tree.add_line(banmen::VariationTree::root(), moves); !end) {
      std::cerr << end.error().message << "\n";
      return 1;
    }
  }
  auto text = banmen::chess::export_pgn_variations(tree, banmen::RecordInfo{});
  if (!text) {
    std::cerr << text.error().message << "\n";
    return 1;
  }
  std::cout << *text;
  return 0;
}
