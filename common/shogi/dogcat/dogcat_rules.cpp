#include "shogi/dogcat/dogcat_rules.h"

#include <algorithm>

#include "shogi/dogcat/dogcat_movegen.h"

namespace banmen::shogi {

Outcome judge_dogcat_before_moves(const DogcatPosition& pos,
                                  const std::vector<std::uint64_t>& earlier) {
  const Color mover = opposite(pos.side_to_move());
  const Color other = pos.side_to_move();
  // 1. A face-up king in a hand can only be the enemy king, taken by capture. After a
  // move only the mover can hold one; a loaded position is read for both sides.
  for (Color c : {mover, other})
    if (pos.faceup_hand(c, kKing)) return Outcome::win(c, dogcat_reason::king_captured);
  // 2 and 3. A side without a candidate can be shown to have no king on the board.
  for (Color c : {mover, other})
    if (pos.past_first_turn(c) && pos.candidates(c) == 0)
      return Outcome::win(opposite(c), dogcat_reason::no_king_proven);
  // 4. The true position (types, marks, hands, side to move) for the fourth time.
  if (std::count(earlier.begin(), earlier.end(), pos.key()) >= 3)
    return Outcome::draw(dogcat_reason::repetition);
  // 5. The ply limit.
  if (pos.move_number() > kDogcatMoveLimit) return Outcome::draw(dogcat_reason::move_limit);
  return Outcome::ongoing();
}

Outcome judge_dogcat(const DogcatPosition& pos, const std::vector<std::uint64_t>& earlier) {
  Outcome o = judge_dogcat_before_moves(pos, earlier);
  if (o.over()) return o;
  // 6. No pass: a side that cannot move loses.
  if (!has_dogcat_move(pos))
    return Outcome::win(opposite(pos.side_to_move()), dogcat_reason::no_legal_moves);
  return Outcome::ongoing();
}

}  // namespace banmen::shogi
