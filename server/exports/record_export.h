// A stored game made into a record file, for exactly one viewer. The game is rebuilt by
// replaying its stored moves through the rules core, so what is exported is what the
// rules say, and the rules core's export_record() alone decides what a viewer may see
// (dog-cat: the opponent's hidden pieces stay hidden until the game is over).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/viewer.h"
#include "games/custom_game.h"
#include "storage/store.h"

namespace banmen::server {

// Facts about a record that the store does not hold in this form.
struct RecordContext {
  std::string time_control;  // human form, e.g. "5+3"; empty for unknown
  std::string site;          // e.g. the room link; empty for none
};

// What a stored game was: its game id and, for a custom variant, the definition its
// options hold.
GameChoice stored_game_choice(const StoredGameStart& start);

// The game as the rules core sees it after the stored moves (and the stored result, when
// the game was ended by something outside the board: resignation, time, agreement...).
Result<GamePtr> replay_stored_game(const StoredGame& game);

// The viewer a request is made for: the seat its token's player had in this game, or a
// spectator (no token, or a token that is not one of the room's players).
Viewer viewer_for_token_hash(const StoredSeries& series, const StoredGameStart& game,
                             std::optional<std::string_view> token_hash);

// The record of `game` in `format` (one of its GameInfo::record_formats) for `viewer`.
// Never for Viewer::referee: the referee's view is the server's own.
Result<std::string> export_stored_game(const StoredSeries& series, const StoredGame& game,
                                       std::string_view format, Viewer viewer,
                                       const RecordContext& context);

}  // namespace banmen::server
