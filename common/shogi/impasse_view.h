// The impasse (入玉) count of a game in progress, for the messages each viewer gets: a
// client shows it to a player once that player's king has entered the enemy camp. Shogi
// hides nothing, so every viewer may see both sides' counts.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "core/game.h"
#include "shogi/impasse.h"

namespace banmen::shogi {

// Both sides' counts (index 0 Black, 1 White) in the current position; nullopt for a game
// without the impasse declaration (anything but 9x9 shogi).
std::optional<std::array<ImpasseCount, 2>> impasse_counts(const Game& game);

// The same as a JSON value, for a view message's "impasse" field:
//   {"black":{"king_in_camp":true,"pieces":10,"points":28,"needed":28},"white":{...}}
// and "null" for a game without the rule.
std::string impasse_json(const Game& game);

}  // namespace banmen::shogi
