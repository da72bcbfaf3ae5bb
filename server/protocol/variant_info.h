// What a client needs to draw a fairy-chess variant, as the protocol writes it: the board
// size, each piece's letter, name and moves (for the variants page's diagrams), the start
// position and the promotion choices. The one source of these facts for the client, which
// keeps no table of its own (welcome.games, the snapshot's game, check_variant's answer).
#pragma once

#include "core/game.h"
#include "fairy/fairy_game.h"
#include "protocol/messages.h"

namespace banmen::server {

// {"name","files","ranks","start_fen","chess960","promotion_pieces","pieces":[{"letter",
// "name","pawn","royal","leaps":[[dx,dy,how]],"rides":[[dx,dy,max_steps,how]]}]}
// with dx, dy from white's side (dy > 0 towards black) and how "m", "c" or "mc"; then, as
// the rules have them, "hand", "drops", "gating", "walling", "pass", "board_style",
// "palace" and "river" (docs/protocol.md).
json variant_info_json(const fairy::VariantRules& variant);

// The variant facts of `game` when it is a fairy-chess game, else null.
json variant_info_of(const Game& game);

}  // namespace banmen::server
