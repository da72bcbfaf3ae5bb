// Every position of a stored game, ply by ply, for one viewer: what a replay of the game
// shows. The game is replayed through the rules core from its stored start, and only the
// rules core's view(), notation() and display_notation() decide what the viewer may see
// (dog-cat: the opponent's hidden pieces stay hidden until the game is over; after it,
// every entry also reveals them, from shogi::reveal_dogcat_game()).
#pragma once

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "core/viewer.h"
#include "exports/positions_cache.h"
#include "storage/store.h"

namespace banmen::server {

// {"game", "status", "initial_position", "positions": [...], "result"} for `viewer` (a
// seat or the spectator while the game is played; anything once it is over, when everyone
// sees the referee's view). The answer grows with the game: one entry per ply plus one.
// With `cache`, a game in progress starts from the positions kept for it (when its moves
// begin with theirs) and plays only the moves since; the answer is then kept.
Result<nlohmann::json> stored_game_positions(const StoredGame& game, Viewer viewer,
                                             PositionsCache* cache = nullptr);

// A stored game's result as the routes write it: {"kind", "winner", "reason"}, or null
// while the game is played.
nlohmann::json stored_result_json(const StoredGame& game);

}  // namespace banmen::server
