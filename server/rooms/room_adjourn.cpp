// A game both players left (docs/rules/play.md, "Players who leave"). Nobody is there to
// claim a win and nobody has earned one, so instead of ending it the room adjourns it: the
// clocks stop where they are, nothing is decided, and the room may leave memory (the
// store keeps the game; its link brings it back). It goes on once both players are back.
// A restart adjourns every game between two people the same way (room_restore.cpp).
#include <spdlog/spdlog.h>

#include <algorithm>

#include "rooms/endings.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

void Room::adjourn() {
  const auto now = steady_ms();
  // The flag may have fallen just now, its timer not yet run: that ending comes first.
  if (match_.clock().flagged(now)) return on_flag_timer();
  match_.halt_clock(now);  // the side to move is charged the time its clock ran until now
  flag_timer_.cancel();
  pauses_.adjourn();
  in_progress_ = false;  // nothing runs: the room may leave memory when idle
  spdlog::info("room {} game {}: both players gone, game adjourned", id_, match_.game_no());
  publish_snapshots();  // the spectators see it adjourned, the clocks stopped
}

bool Room::resume_adjourned() {
  if (!pauses_.adjourned() || match_.status() != Status::playing) return false;
  for (int p = 0; p < 2; ++p)
    if (seating_.player(p).client == 0 && !seating_.is_computer(p)) return false;
  pauses_.end_adjournment();
  in_progress_ = true;
  const auto now = steady_ms();
  // From the second ply on the clock of the side to move runs again where it stopped.
  match_.resume_turn(now);
  arm_flag_timer();
  touch();
  spdlog::info("room {} game {}: both players back, game resumed", id_, match_.game_no());
  return true;
}

std::int64_t Room::claim_at_ms(int player) const {
  return server::claim_at_ms(seating_.player(player), seating_.player(1 - player),
                             services_.config.abandon_timeout_ms);
}

}  // namespace banmen::server
