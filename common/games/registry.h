// From game id to game. The one place that knows every game the project plays; each game
// folder provides its GameFactory (core/game_factory.h) and registry.cpp lists them.
#pragma once

#include <string_view>
#include <vector>

#include "core/game_factory.h"

namespace banmen {

// Game ids in a fixed order: shogi, minishogi, dogcat, hasami, chess, reversi, then the
// fairy-chess variants (chess960 capablanca gothic embassy janus grand almost shatranj
// makruk knightmate amazon kingofthehill, then fairy::room_catalogue's: atomic ... micro).
const std::vector<std::string_view>& game_ids();
// nullptr for an unknown id.
const GameFactory* find_game(std::string_view id);

// The group a fairy-chess variant is shown in: "chess", "drops", "shogi", "asian" or
// "small"; empty for Banmen's own games and unknown ids.
std::string_view game_family(std::string_view id);

Result<GamePtr> create_game(std::string_view id, std::string_view position = {});
Result<GamePtr> import_game(std::string_view id, std::string_view format, std::string_view text);

}  // namespace banmen
