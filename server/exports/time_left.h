// How long the side to move of a stored game has left now: the one place the "My rooms"
// list computes it, so a new kind of clock changes this function and nothing else.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "rooms/game_clock.h"
#include "storage/store.h"

namespace banmen::server {

// The side to move's time left at `now_ms` (Unix ms): what it had after the last move,
// less the time since that move, never below 0. Before the clock runs (the first move of
// each side is free) its full time, unchanged. A correspondence clock is read as the room
// runs it (rooms/correspondence_clock.h): from the last move or the mark of the server
// that took the game up, charged only while a server ran it. nullopt for a game without a
// clock. `room` is the stored room with its last game.
std::optional<std::int64_t> time_left_ms(const ClockSpec& clock, const StoredRoom& room,
                                         int to_move, std::int64_t now_ms);

}  // namespace banmen::server
