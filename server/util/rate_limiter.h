// A token bucket: `rate` tokens per second up to `burst`; each message takes one. And the
// count of refusals within a sliding window that decides when a connection is hung up on.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

namespace banmen::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  RateLimiter(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}

  bool allow(Clock::time_point now = Clock::now()) {
    // A `now` read before the bucket was made (or on another thread) is no time at all: a
    // negative refill would take from a fresh bucket of one token its only request.
    if (now > last_) {
      std::chrono::duration<double> dt = now - last_;
      last_ = now;
      tokens_ = std::min(burst_, tokens_ + dt.count() * rate_);
    }
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }
  // Takes `tokens` more (a request that cost more than one): the bucket may go below zero,
  // and refills from there.
  void charge(double tokens) { tokens_ -= tokens; }
  // True when the bucket has refilled completely: forgetting it changes nothing.
  bool full(Clock::time_point now = Clock::now()) const {
    std::chrono::duration<double> dt = now - last_;
    return tokens_ + dt.count() * rate_ >= burst_;
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_ = Clock::now();
};

// Remembers the times of the last `limit` refusals. A token that refills between bursts
// does not reset it (a counter of refusals "in a row" did, so bursts sized to the bucket
// were never hung up on): `limit` refusals within `window` is what counts.
class RefusalWindow {
 public:
  using Clock = std::chrono::steady_clock;
  RefusalWindow(int limit, std::chrono::milliseconds window)
      : limit_(static_cast<std::size_t>(std::max(1, limit))), window_(window) {}

  // Records a refusal; true when it is the limit-th within the window.
  bool refuse(Clock::time_point now = Clock::now()) {
    times_.push_back(now);
    if (times_.size() > limit_) times_.erase(times_.begin());
    return times_.size() == limit_ && now - times_.front() <= window_;
  }

 private:
  std::size_t limit_;
  Clock::duration window_;
  // At most limit_ entries, oldest first; empty (no allocation) for a connection never
  // refused.
  std::vector<Clock::time_point> times_;
};

}  // namespace banmen::server
