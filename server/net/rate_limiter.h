// A token bucket: `rate` tokens per second up to `burst`; each message takes one.
#pragma once

#include <algorithm>
#include <chrono>

namespace banmen::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  RateLimiter(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}

  bool allow(Clock::time_point now = Clock::now()) {
    std::chrono::duration<double> dt = now - last_;
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + dt.count() * rate_);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_ = Clock::now();
};

}  // namespace banmen::server
