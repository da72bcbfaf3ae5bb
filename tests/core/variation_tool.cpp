// A test helper for the variation checks (tests/chess/pgn_variations.mjs,
// tests/shogi/kif_variations.mjs): for the game named by its argument, reads a start
// position on the first line and then one line of moves per line (each from the start;
// shared prefixes meet in one tree, the first line is the main line) and prints the
// review's record with its variations (PGN for chess, KIF for shogi). Fails when the game's
// own format refused the tree (the record fell back to the plain transcript).
#include <iostream>
#include <sstream>
#include <string>

#include "core/variation_tree.h"
#include "games/registry.h"
#include "games/review_record.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: variation_tool <game id> < start-and-lines\n";
    return 2;
  }
  std::string start, line;
  std::getline(std::cin, start);
  auto game = banmen::create_game(argv[1], start);
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
  const banmen::ReviewRecord record = banmen::review_record(tree, banmen::RecordInfo{});
  if (record.format == "txt") {
    std::cerr << "the game's own record format refused the tree\n";
    return 1;
  }
  std::cout << record.text;
  return 0;
}
