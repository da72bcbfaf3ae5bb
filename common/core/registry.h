// From game id to game. The one place that knows every game the project plays.
#pragma once

#include <string_view>
#include <vector>

#include "core/game.h"

namespace banmen {

// What each game folder provides (see <game>/factory.h).
struct GameFactory {
  const GameInfo& (*info)();
  // The start position when `position` is empty; errors: bad_position, not_implemented.
  Result<GamePtr> (*create)(std::string_view position);
  // A game rebuilt from a record in one of info().record_formats; errors: bad_record,
  // unsupported, not_implemented.
  Result<GamePtr> (*import_record)(std::string_view format, std::string_view text);
};

// Game ids in a fixed order: shogi, minishogi, dogcat, hasami, chess, reversi, then the
// fairy-chess variants (chess960 capablanca gothic embassy janus grand almost shatranj
// makruk knightmate amazon kingofthehill).
const std::vector<std::string_view>& game_ids();
// nullptr for an unknown id.
const GameFactory* find_game(std::string_view id);

Result<GamePtr> create_game(std::string_view id, std::string_view position = {});
Result<GamePtr> import_game(std::string_view id, std::string_view format, std::string_view text);

}  // namespace banmen
