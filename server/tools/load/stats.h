// What one shard (one io_context thread) counted; shards are merged after their threads end.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "histogram.h"

namespace banmen::load {

struct Stats {
  Histogram latency;              // mover's send to the opponent's receipt, microseconds
  std::uint64_t moves = 0;        // moves the opponent received during the measured phase
  std::uint64_t messages_in = 0;  // every message any connection received, same phase
  std::uint64_t bytes_in = 0;
  std::uint64_t games_over = 0;
  std::uint64_t join_retries = 0;  // creates and joins sent again after rate_limited/room_busy
  std::map<std::string, std::uint64_t, std::less<>> errors;  // by code, whole run

  void error(std::string_view code);
  void merge(const Stats& other);
};

}  // namespace banmen::load
