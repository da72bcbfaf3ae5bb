#include "games/game_setup.h"

#include <string>

#include "shogi/handicap.h"

namespace banmen {

Result<GamePtr> setup_game(const GameSetup& setup) {
  if (!find_game(setup.game)) return create_game(setup.game);  // the usual unknown_game error
  std::string position(setup.position);
  if (!setup.handicap.empty() && setup.handicap != "even") {
    if (!position.empty())
      return make_error(errc::bad_position, "a handicap game starts from its own position");
    auto start = shogi::handicap_start_sfen(setup.game, setup.handicap);
    if (!start) return start.error();
    position = std::move(*start);
  }
  auto game = create_game(setup.game, position);
  if (!game) return game;
  if ((*game)->over())
    return make_error(errc::bad_position, "the game is already over in this position (" +
                                              (*game)->outcome().reason + ")");
  return game;
}

}  // namespace banmen
