// Process-wide counters for /metrics (Prometheus text format). Plain atomics: any strand
// may bump them without a lock.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "util/engine_stats.h"
#include "util/metric_families.h"
#include "util/store_stats.h"

namespace banmen::server {

struct Metrics {
  std::atomic<std::int64_t> connections_open{0};
  std::atomic<std::uint64_t> connections_total{0};
  std::atomic<std::int64_t> rooms_open{0};
  // Rooms in memory with a correspondence game in play (rooms/correspondence_clock.h).
  std::atomic<std::int64_t> correspondence_games{0};
  std::atomic<std::uint64_t> rooms_created_total{0};
  // Rooms that came back from the store when their link was opened, and rooms the
  // retention job closed in the store.
  std::atomic<std::uint64_t> rooms_loaded_total{0};
  std::atomic<std::uint64_t> rooms_retention_closed_total{0};
  // More than one server: room leases taken and lost, rooms handed over to another server
  // that asked, and joins answered room_busy.
  std::atomic<std::uint64_t> leases_acquired_total{0};
  std::atomic<std::uint64_t> leases_lost_total{0};
  std::atomic<std::uint64_t> rooms_handed_over_total{0};
  // Lease renewals that failed (PostgreSQL away or not answering), and whether the last one
  // did: /readyz answers 503 meanwhile, since the rooms' leases are running out.
  std::atomic<std::uint64_t> lease_renewals_failed_total{0};
  std::atomic<bool> lease_renewal_failing{false};
  GameCounters games_started;   // by game id
  GameCounters games_finished;  // by game id
  std::atomic<std::uint64_t> moves_total{0};
  std::atomic<std::uint64_t> messages_in_total{0};
  // Reads an address's connection waited for, its read budget spent (net/address_read_budget.h).
  std::atomic<std::uint64_t> read_pauses_total{0};
  std::atomic<std::uint64_t> errors_total{0};
  HttpCounters http_requests;  // by status code and route
  std::atomic<std::uint64_t> slow_clients_dropped_total{0};
  // Every refusal of the network layer, the record exports and room ownership, by reason.
  RefusalCounters refused;
  std::atomic<std::uint64_t> accept_out_of_descriptors_total{0};
  // Record exports and game listings (/api/rooms/...).
  std::atomic<std::uint64_t> export_cache_hits_total{0};
  // Rooms' heavy requests done on the room workers (rooms/room_workers.h); those refused
  // because the room's or the address's share was taken count in `refused` (room_work_busy).
  std::atomic<std::uint64_t> room_work_total{0};
  // Moves replayed from a game's start to rebuild a position on a request (a takeback with
  // no kept earlier position): what a request cost beyond its own step.
  std::atomic<std::uint64_t> replayed_plies_total{0};
  // Web Push (app/web_push_notices.h): messages a push service took (2xx), refused or never
  // answered, answered 404/410 (the subscription withdrawn), and dropped with the queue full.
  std::atomic<std::uint64_t> push_sent_total{0};
  std::atomic<std::uint64_t> push_failed_total{0};
  std::atomic<std::uint64_t> push_gone_total{0};
  std::atomic<std::uint64_t> push_dropped_total{0};

  // Every counter above, then the engine pool's (its searches: EnginePool::stats()) and the
  // store's commit counters.
  std::string render(const StoreStats& store, const EngineStats& engine) const;
};

// `h` as a Prometheus histogram named `name` (seconds): HELP and TYPE lines, the cumulative
// `_bucket{le="..."}` lines up to +Inf, `_sum` and `_count`.
void render_histogram(std::string& out, const char* name, const char* help,
                      const LatencyHistogram& h);

}  // namespace banmen::server
