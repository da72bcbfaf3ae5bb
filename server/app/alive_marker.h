// Writes that this server is alive (Store::mark_alive) every --alive-mark-ms while a
// correspondence game is in play in one of its rooms, and once more as it stops: the next
// server to take such a game up charges its clock only up to the last mark, so the time no
// server ran is charged to nobody (rooms/correspondence_clock.h). Nothing is written while
// no such game is in memory. Its own thread: the store's call may wait on the disk.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#include "storage/store.h"

namespace banmen::server {

class AliveMarker {
 public:
  AliveMarker(Store& store, const std::atomic<std::int64_t>& games, std::int64_t interval_ms);
  ~AliveMarker() { stop(); }
  AliveMarker(const AliveMarker&) = delete;
  AliveMarker& operator=(const AliveMarker&) = delete;

  // Ends the thread after a last mark (if it ever marked); the later calls do nothing.
  void stop();
  // How many marks were written (tests).
  std::uint64_t marks() const { return marks_; }

 private:
  void loop();
  void mark();

  Store& store_;
  const std::atomic<std::int64_t>& games_;
  const std::int64_t interval_ms_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::atomic<std::uint64_t> marks_{0};
  std::thread thread_;
};

}  // namespace banmen::server
