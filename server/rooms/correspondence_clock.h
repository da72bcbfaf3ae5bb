// Correspondence clocks across restarts and failovers (docs/operations.md, "Restarts"):
// days per move run on the wall clock whether or not anyone is connected, so unlike the
// other clocks they are not held until the players are back. What a server that takes a
// game up charges the side to move is the time some server ran the game: from the later of
// the last move and the last clock mark (StoredClockMark), up to the moment the server
// that wrote the mark was last known alive. The time no server ran is charged to nobody.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "storage/store.h"

namespace banmen::server {

// The side to move's time left, as the server taking the game up at `now_unix` (Unix ms)
// should run it: `stored` is the game as read back, with `plies` plies played (>= 2) and
// seat `to_move` to move. Below zero when its time had run out while a server still ran.
std::int64_t correspondence_time_left(const StoredRoom& stored, int to_move, std::size_t plies,
                                      std::int64_t now_unix);

// The rooms in memory with a correspondence game in play, counted in a gauge (Metrics), so
// that the server writes that it is alive only while some clock depends on it. A room
// holds one and sets it as its game begins and ends; its end takes its count back.
class CorrespondenceCount {
 public:
  explicit CorrespondenceCount(std::atomic<std::int64_t>& gauge) : gauge_(gauge) {}
  ~CorrespondenceCount() { set(false); }
  CorrespondenceCount(const CorrespondenceCount&) = delete;
  CorrespondenceCount& operator=(const CorrespondenceCount&) = delete;

  void set(bool counted) {
    if (counted == counted_) return;
    counted_ = counted;
    gauge_ += counted ? 1 : -1;
  }

 private:
  std::atomic<std::int64_t>& gauge_;
  bool counted_ = false;
};

}  // namespace banmen::server
