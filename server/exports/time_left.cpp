#include "exports/time_left.h"

#include <algorithm>

#include "rooms/correspondence_clock.h"

namespace banmen::server {

std::optional<std::int64_t> time_left_ms(const ClockSpec& clock, const StoredRoom& room,
                                         int to_move, std::int64_t now_ms) {
  if (clock.kind == ClockSpec::Kind::none || (to_move != 0 && to_move != 1)) return std::nullopt;
  const auto& moves = room.moves;
  if (clock.correspondence() && moves.size() >= 2)
    return std::max<std::int64_t>(0, correspondence_time_left(room, to_move, moves.size(), now_ms));
  GameClock c(clock);
  ClockState state;
  if (moves.empty()) {
    state.remaining_ms[0] = state.remaining_ms[1] = clock.base_ms;
    state.periods_left[0] = state.periods_left[1] = clock.periods;
  } else {
    const StoredMove& last = moves.back();
    for (int s = 0; s < 2; ++s) {
      state.remaining_ms[s] = last.remaining_ms[s];
      state.periods_left[s] = last.periods_left[s];
      state.in_byoyomi[s] = last.in_byoyomi[s];
    }
  }
  c.restore(state);
  // The room starts the clock of the side to move once both sides have moved once
  // (rooms/match.cpp); until then nothing is charged, so it is read at its start.
  const std::int64_t since = moves.empty() ? 0 : moves.back().server_ms;
  c.start(to_move, since);
  const std::int64_t left = c.ms_until_flag(moves.size() >= 2 ? std::max(now_ms, since) : since);
  return std::max<std::int64_t>(0, left);
}

}  // namespace banmen::server
