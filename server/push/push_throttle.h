// At most one push per seat of a room per interval (a minute by default): a quick exchange
// of moves while the other player is away must not become a stream of notifications, and
// a flood of moves must not become a flood of requests to the push services. Bounded in
// memory: the oldest entries go first when it is full.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace banmen::server {

class PushThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  explicit PushThrottle(Clock::duration interval = std::chrono::minutes(1),
                        std::size_t max_entries = 100000)
      : interval_(interval), max_entries_(max_entries) {}

  // True (and the time noted) when this seat may be pushed to at `now`.
  bool allow(const std::string& room_id, int player, Clock::time_point now);

 private:
  const Clock::duration interval_;
  const std::size_t max_entries_;
  std::mutex mutex_;
  std::map<std::pair<std::string, int>, Clock::time_point> last_;
};

}  // namespace banmen::server
