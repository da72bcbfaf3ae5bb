// The impasse declaration (nyugyoku sengen) under the 27-point rule of the computer shogi
// servers. The rules core cannot see clocks: the caller checks that the declarer has time.
#pragma once

#include "shogi/position.h"

namespace banmen::shogi {

// Points of `c` for the rule: rook and bishop (promoted or not) 5, every other piece 1,
// counting its pieces in the enemy camp (the king excluded) and every piece in its hand.
int impasse_points(const Position& pos, Color c);
// Pieces of `c` other than the king standing in the enemy camp.
int pieces_in_enemy_camp(const Position& pos, Color c);
// What a player needs to see of the count for side `c`: where it stands against the
// declaration's conditions (the clock aside).
struct ImpasseCount {
  bool king_in_enemy_camp = false;
  int pieces_in_enemy_camp = 0;  // other than the king; ten are needed
  int points = 0;                // as impasse_points()
  int points_needed = 0;         // 28 for Black, 27 for White
};
ImpasseCount impasse_count(const Position& pos, Color c);
// True when the side to move may declare now: its king stands in the enemy camp, it is
// not in check, at least ten other pieces stand there, and it has 28 points as Black or
// 27 as White.
bool impasse_declaration_valid(const Position& pos);

}  // namespace banmen::shogi
