#include "games/game_setup.h"

#include <string>

#include "fairy/cost_probe.h"
#include "fairy/fairy_game.h"
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
  // A pasted position's pockets: no game ever holds more pieces, on the board and in hand,
  // than its board has squares (a pocket of hundreds would only cost every move list).
  if (const auto* fairy = dynamic_cast<const fairy::FairyGame*>(game->get());
      fairy && !setup.position.empty() && fairy->variant().rules.hands()) {
    const fairy::Rules& r = fairy->variant().rules;
    const fairy::Position& pos = fairy->current();
    int pieces = pos.hand_total(fairy::white) + pos.hand_total(fairy::black);
    for (int f = 0; f < r.files; ++f)
      for (int k = 0; k < r.ranks; ++k) {
        const fairy::Cell cell = pos.at(fairy::square_of(f, k));
        if (fairy::holds_piece_of(cell, fairy::white) || fairy::holds_piece_of(cell, fairy::black))
          ++pieces;
      }
    if (pieces > r.files * r.ranks)
      return make_error(errc::bad_position,
                        "this position has " + std::to_string(pieces) +
                            " pieces on the board and in hand, more than the board's " +
                            std::to_string(r.files * r.ranks) + " squares");
  }
  // A pasted position of a variant whose moves place walls may list many more moves than
  // its start (each move with each wall square): no more than a room lists in one snapshot.
  if (!setup.position.empty()) {
    const std::size_t moves = (*game)->legal_moves().size();
    if (moves > static_cast<std::size_t>(fairy::cost_probe_walling_moves))
      return make_error(errc::bad_position, "this position has " + std::to_string(moves) +
                                                " legal moves, more than the " +
                                                std::to_string(fairy::cost_probe_walling_moves) +
                                                " a room lists for one position");
  }
  return game;
}

}  // namespace banmen
