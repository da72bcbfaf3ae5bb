#include "rooms/correspondence_clock.h"

#include <algorithm>

namespace banmen::server {

std::int64_t correspondence_time_left(const StoredRoom& stored, int to_move, std::size_t plies,
                                      std::int64_t now_unix) {
  // The clock's base: the last move, or a mark written after it by a server taking the
  // game up (the same ply: nobody moved since).
  const StoredMove& last = stored.moves.back();
  std::int64_t base_ms = last.server_ms;
  std::int64_t remaining = last.remaining_ms[to_move];
  std::int64_t ran_until = now_unix;  // no mark: nothing says when the clock stopped
  if (const auto& mark = stored.clock_mark; mark && mark->game_no == stored.game.game_no) {
    if (static_cast<std::size_t>(mark->ply) == plies && mark->server_ms >= base_ms) {
      base_ms = mark->server_ms;
      remaining = mark->remaining_ms;
    }
    // The server that last ran the game was alive until then (at least until the base: it
    // accepted that move or wrote that mark).
    if (mark->alive_ms > 0) ran_until = std::clamp(mark->alive_ms, base_ms, now_unix);
  }
  return remaining - std::max<std::int64_t>(0, ran_until - base_ms);
}

}  // namespace banmen::server
