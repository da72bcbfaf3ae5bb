#pragma once
// A sound upper bound on the pseudo-legal moves of any position of a compiled variant,
// worked out from the board and the pieces' movement alone, so that a definition whose
// positions could hold more moves than a move list has room for is refused when it is
// read, never cut short in play.
#include "fairy/rules.h"

namespace banmen::fairy {

// The most pseudo-legal moves (the list legal_moves() filters) any position of `rules` can
// have, for either side to move: whatever the FEN, however many pieces of each type.
int pseudo_legal_move_bound(const Rules& rules);

}  // namespace banmen::fairy
