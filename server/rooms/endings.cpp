#include "rooms/endings.h"

#include <algorithm>

#include "protocol/error_codes.h"

namespace banmen::server {

Outcome resignation(int seat) {
  return Outcome::win(1 - seat, "resignation");
}

Result<Outcome> abort_outcome(std::size_t plies) {
  if (plies >= 2) return make_error(errc::too_late_to_abort, "both sides have moved");
  return Outcome::abort("aborted");
}

Result<Outcome> claim_outcome(const ClaimFacts& f, const ClaimFields& claim) {
  if (f.correspondence)
    return make_error(errc::opponent_present,
                      "a correspondence game is never claimed for absence: the clock decides");
  if (f.opponent_is_computer)
    return make_error(errc::opponent_present, "the computer never leaves");
  if (f.opponent_connected || f.now_ms < f.claim_at_ms)
    return make_error(errc::opponent_present,
                      "the opponent is connected or has not been gone long enough");
  return claim.win ? Outcome::win(f.seat, "abandonment") : Outcome::draw("abandonment");
}

std::int64_t claim_at_ms(const Player& away, const Player& other, std::int64_t timeout_ms) {
  return std::max(away.gone_since_ms, other.here_since_ms) + timeout_ms;
}

Unattended unattended(const Seating& seating, std::int64_t now_ms, std::int64_t timeout_ms,
                      std::size_t plies, bool adjourned) {
  for (int p = 0; p < 2; ++p) {
    if (seating.is_computer(p)) continue;  // never gone, never there to claim
    const auto& player = seating.player(p);
    if (player.client != 0 || player.gone_since_ms == 0 ||
        now_ms - player.gone_since_ms < timeout_ms)
      return Unattended::attended;
  }
  if (adjourned) return Unattended::attended;
  return plies >= 2 ? Unattended::adjourn : Unattended::abort;
}

}  // namespace banmen::server
