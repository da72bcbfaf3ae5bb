// A hostile client for the integration tests: opens /ws with a tiny receive buffer, sends
// small frames as fast as it can and never reads, so the server's answers pile up behind
// it. Bounded in frames and in time; returns once the server hangs up or a bound is hit.
#pragma once

#include <chrono>
#include <cstddef>

namespace banmen::testing {

struct FloodResult {
  bool connected = false;
  std::size_t frames_sent = 0;
  bool server_hung_up = false;  // a write failed: the server closed or dropped us
};

FloodResult flood_without_reading(unsigned short port, bool binary_frames,
                                  std::size_t max_frames = 200000,
                                  std::chrono::milliseconds max_time = std::chrono::seconds(10));

}  // namespace banmen::testing
