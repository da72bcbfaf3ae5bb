// Dog-cat after the end: the whole game move by move with every hidden piece's identity
// and, for each player, the opponent's king candidates as that player saw them then.
// Hidden types must never leave the server during a game, so this refuses an unfinished
// game; once the game is over every viewer may see everything (docs/rules/dogcat.md).
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/result.h"

namespace banmen::shogi {

namespace errc_dogcat {
inline constexpr const char* game_not_over = "game_not_over";
}

struct HiddenPieceReveal {
  int owner = 0;           // seat
  std::string where;       // a square ("3c") or "hand"
  char type = 0;           // the true type, an upper-case SFEN letter ('K', 'R', 'B', 'G', 'S')
  bool candidate = false;  // still a king candidate in the opponent's eyes (board only)
};

struct DogcatPlyReveal {
  std::size_t ply = 0;   // moves played (0: the start)
  std::string move;      // the true notation of the move that led here; empty at ply 0
  std::string position;  // the true position text, marks included
  std::vector<HiddenPieceReveal> hidden;  // board pieces by square order, then hands
  // king_candidates_seen_by[s]: the squares of seat 1-s's hidden pieces that seat s could
  // not rule out as its king at this point (the `?` marks of s's own view).
  std::vector<std::string> king_candidates_seen_by[2];
};

// One entry per position of a finished dog-cat game, from the start to the end.
// Errors: game_not_over while it is still being played, unsupported for another game.
Result<std::vector<DogcatPlyReveal>> reveal_dogcat_game(const Game& game);

}  // namespace banmen::shogi
