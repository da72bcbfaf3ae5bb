#include "rooms/admission.h"

namespace banmen::server {

JoinPath join_path(const JoinRequest& req, const JoinFacts& f) {
  if (f.closed) return f.moved ? JoinPath::moved_away : JoinPath::gone;
  // A player joining again, or a spectator joining again without a token, is answered as a
  // fresh join of the same role; a spectator with a token is claiming a seat.
  if (f.here && (!req.token || f.here->player >= 0)) return JoinPath::again;
  if (req.token) return JoinPath::with_token;
  if (req.device_code) return JoinPath::with_device_code;
  if (f.guest_seat_free) return JoinPath::as_guest;
  if (!f.spectators_allowed) return JoinPath::no_spectators;
  // A cap on spectators bounds what one room costs: every presence change and every move
  // is sent to each of them.
  if (f.spectators >= f.max_spectators) return JoinPath::spectators_full;
  return JoinPath::as_spectator;
}

}  // namespace banmen::server
