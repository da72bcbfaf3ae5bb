// A game's static facts as the protocol writes them (the `game` of a snapshot; each entry
// of `welcome.games` adds what the server offers for it).
#pragma once

#include "core/game.h"
#include "protocol/messages.h"

namespace banmen::server {

// {"id","name","sides","side_letters","hidden_information","files","ranks","squares","hands",
//  "notation","board"} and, for a fairy-chess variant, "family" (the home page's group):
// what a client needs to draw the game and write its moves.
json game_info_json(const GameInfo& info);

}  // namespace banmen::server
