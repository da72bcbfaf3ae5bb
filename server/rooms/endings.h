// How a player's request ends a game, and what becomes of a game nobody attends
// (docs/rules/play.md, "Players who leave"), as values: the outcome, or the refusal with its
// reason. The room records the ending before it answers (Room::end_on_request). No strand,
// socket or store: tested alone (tests/server/endings_test.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/game.h"
#include "core/result.h"
#include "rooms/request.h"
#include "rooms/seating.h"

namespace banmen::server {

// resign from seat `seat`: the other seat wins.
Outcome resignation(int seat);
// abort in a game of `plies` plies: only before both sides have moved. Errors:
// too_late_to_abort.
Result<Outcome> abort_outcome(std::size_t plies);

// What an abandonment claim depends on.
struct ClaimFacts {
  int seat = 0;                       // the claimant's seat
  bool opponent_is_computer = false;  // the computer never leaves
  bool opponent_connected = false;
  std::int64_t now_ms = 0;       // Unix ms
  std::int64_t claim_at_ms = 0;  // claim_at_ms() of the opponent
  bool correspondence = false;   // days per move: being away is allowed, the clock decides
};
// claim: a win or a draw, once the opponent has been away long enough. Errors:
// opponent_present.
Result<Outcome> claim_outcome(const ClaimFacts& f, const ClaimFields& claim);
// When player `away` may be claimed against (Unix ms): the abandon timeout after they
// left, or after `other` came back if that was later; only absence while the opponent was
// here counts, so coming back first to a game both left wins nothing by itself.
std::int64_t claim_at_ms(const Player& away, const Player& other, std::int64_t timeout_ms);

// A game in play whose people have both been gone longer than the abandon timeout.
enum class Unattended {
  attended,  // someone is here, or has not been gone long enough, or it is adjourned already
  adjourn,   // both sides have moved: the clocks stop, nothing is decided
  abort,     // not begun: aborted, so the room does not hold its creator's quota
};
Unattended unattended(const Seating& seating, std::int64_t now_ms, std::int64_t timeout_ms,
                      std::size_t plies, bool adjourned);

}  // namespace banmen::server
