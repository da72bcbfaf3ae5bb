// A game ready to play from what a room's creator chose: the usual start, a position
// pasted as text (FEN, SFEN...: checked by the game's own rules), or one of shogi's
// handicaps. Unlike create_game(), which also serves analysis and perft from any legal
// position, it refuses a position where the game is already over.
#pragma once

#include <string_view>

#include "games/registry.h"

namespace banmen {

struct GameSetup {
  std::string_view game;      // registry id
  std::string_view position;  // empty: the usual start
  std::string_view handicap;  // empty or "even": none; shogi only (shogi/handicap.h ids)
};

// Errors: unknown_game; bad_position (a malformed or illegal position, one where the game
// is already over, or a position given together with a handicap); unknown_handicap.
Result<GamePtr> setup_game(const GameSetup& setup);

}  // namespace banmen
