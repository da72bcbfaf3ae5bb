// A test helper for the Japanese move text check (japanese.mjs). Reads games, one per
// line as "sfen <SFEN> moves ...", and prints for each:
//   L <ply> <usi> <text>   every legal move of the position before ply <ply> (the last
//                          <ply> is the final position), in the Japanese form
//   P <ply> <display>      the move played at <ply>, as the game's display_notation gives it
//   G                      after each game
#include <iostream>
#include <string>

#include "games/registry.h"
#include "shogi/movegen.h"
#include "shogi/records/japanese_move.h"
#include "shogi/sfen.h"
#include "shogi/shogi_game.h"

using namespace banmen;
using namespace banmen::shogi;

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    auto game = import_game("shogi", "sfen", line);
    if (!game) {
      std::cerr << game.error().message << "\n";
      return 1;
    }
    const auto& g = dynamic_cast<const ShogiGame&>(**game);
    Position pos = g.start();
    const Variant& v = pos.variant();
    for (std::size_t ply = 0; ply <= g.moves().size(); ++ply) {
      const Move prev = ply ? g.moves()[ply - 1] : kNoMove;
      MoveList legal;
      generate_legal(pos, legal);
      for (Move m : legal)
        std::cout << "L " << ply << " " << usi_move(v, m) << " " << japanese_move_text(pos, m, prev)
                  << "\n";
      if (ply == g.moves().size()) break;
      std::cout << "P " << ply << " " << g.display_notation(ply, Viewer::spectator) << "\n";
      pos.do_move(g.moves()[ply]);
    }
    std::cout << "G\n";
  }
  return 0;
}
