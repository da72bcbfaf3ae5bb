// The engine pool's counters as /metrics reports them. Plain data, so that util/metrics
// needs nothing from engine/ (the pool fills them in).
#pragma once

#include <cstddef>
#include <cstdint>

#include "util/latency_histogram.h"

namespace banmen::server {

struct EngineStats {
  std::size_t queued = 0;   // waiting for a thread
  std::size_t running = 0;  // on a thread now
  std::uint64_t accepted = 0, completed = 0;
  std::uint64_t refused_queue = 0;    // every waiting place was taken (--engine-queue)
  std::uint64_t refused_address = 0;  // the address had its share (--engine-per-address)
  // From submission to a thread taking it, for every search that started.
  LatencyHistogram queue_wait_ms{LatencyHistogram::kEngineBoundsMs};
  // From start to end of each search on its thread.
  LatencyHistogram search_ms{LatencyHistogram::kEngineBoundsMs};
};

}  // namespace banmen::server
