// The computer opponent: one call that picks a move for a seat.
//
// The engine reads the game through the seam and, for games without hidden information,
// through the rules core's concrete types. For dog-cat it reads only view(seat), the text
// the seat itself receives, so it cannot know the opponent's hidden types: it plays over
// several assignments of them that fit that view (dogcat_view.h).
//
// Pure computation: no I/O, no threads of its own. A caller runs it on a worker thread and
// may stop it early through `stop`; the answer is then the best move of the deepest
// completed iteration (the first iteration always scores at least one move).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "core/viewer.h"

namespace banmen::engine {

inline constexpr int kMinLevel = 1;
inline constexpr int kMaxLevel = 8;

struct EngineRequest {
  int level = 4;                // kMinLevel..kMaxLevel
  std::int64_t budget_ms = 0;   // the most the caller allows for this move; 0: the level's own
  std::uint64_t max_nodes = 0;  // 0: no limit (tests use it for runs that repeat exactly)
  const std::atomic<bool>* stop = nullptr;  // set by another thread to end the search now
  std::uint64_t seed = 0;  // drives the weaker levels' choices among near-equal moves
};

struct EngineReply {
  std::string move;  // protocol notation, as the seat would send it
  int score = 0;     // for the side to move, about 100 per pawn; wins near +-31000
  int depth = 0;     // the deepest completed iteration (plies); 0 for a solved endgame
  std::uint64_t nodes = 0;
  std::int64_t elapsed_ms = 0;
  bool solved = false;  // the reversi endgame solver proved the score (final disc difference)
  // The principal line, `move` first, in protocol notation: the chosen move, then each
  // position's move as the search's table holds it (legal moves only, stopping at a
  // position met before or one the table lost), up to kLinePlies. Dog-cat and a solved
  // reversi endgame give the move alone.
  std::vector<std::string> line;
};
inline constexpr std::size_t kLinePlies = 8;

// Plies to the end of a won (+) or lost (-) game that `score` (an EngineReply's, for the
// side to move) proves; none for an ordinary evaluation.
std::optional<int> mate_plies(int score);

// True for the games the engine plays, by registry id: each game says so in its GameInfo
// (`computer`), and "custom" (a room's own fairy definition) is played as every fairy
// game is. think() plays any game whose GameInfo says so.
bool engine_supports(std::string_view game_id);

// The engine's move for `seat`, which must be a seat whose turn it is in a game that is not
// over. Errors: unsupported (game or viewer), game_over, illegal_move (not the seat's
// turn), bad_position (a level out of range, or a view that cannot be read).
Result<EngineReply> think(const Game& game, Viewer seat, const EngineRequest& request);

// Dog-cat from a position text alone: what think() does with game.view(seat). Given a
// seat's view it plays fairly; given the true position it would peek (tests use that as
// the control that shows the non-interference check can fail).
Result<EngineReply> think_dogcat_text(std::string_view position, Viewer seat,
                                      const EngineRequest& request);

}  // namespace banmen::engine
