// How a store's queued writes were committed, as /metrics reports them. Plain counters, so
// that util/metrics needs nothing from storage/ (storage fills them in).
#pragma once

#include <cstdint>

#include "util/latency_histogram.h"

namespace banmen::server {

// A writes/transactions ratio well above 1 means group commit is doing its job under load.
struct StoreStats {
  bool last_commit_ok = true;  // false while the disk refuses whole transactions (/readyz)
  // How long the oldest write not yet answered has waited (0: none waiting). A database
  // that stopped answering shows here long before any timeout (/readyz).
  std::int64_t oldest_wait_ms = 0;
  std::uint64_t transactions = 0;
  std::uint64_t writes = 0;
  LatencyHistogram commit_ms;  // one transaction of queued writes, BEGIN to COMMIT (fsync)
  LatencyHistogram write_ms;   // each write, from submit() to its commit: what a move waits
};

}  // namespace banmen::server
