// What every session and room shares: configuration, counters, the store and the rooms.
// Built once in main() and outlives every session and room.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <memory>

#include "config/config.h"
#include "exports/export_service.h"
#include "net/connection_limits.h"
#include "net/session_registry.h"
#include "net/trusted_proxies.h"
#include "rooms/room_registry.h"
#include "storage/store.h"
#include "util/metrics.h"

namespace banmen::server {

// The newest protocol this server speaks, and the oldest it still answers in its own terms
// (docs/protocol.md, "Versions").
inline constexpr int kProtocolVersion = 2;
inline constexpr int kOldestProtocolVersion = 1;
inline constexpr const char* kServerVersion = "banmen/" BANMEN_VERSION;

struct Hub {
  Hub(boost::asio::io_context& io, Config cfg, std::unique_ptr<Store> st)
      : ioc(io),
        config(std::move(cfg)),
        store(std::move(st)),
        engine(config.engine_threads, config.engine_queue, config.engine_per_address),
        rooms(RoomServices{ioc, config, *store, metrics, engine, workers}),
        exports(*store, metrics, config.exports) {
    // Several servers on one PostgreSQL: the store also owns rooms (storage/room_ownership.h).
    if (config.cluster()) rooms.use_ownership(dynamic_cast<RoomOwnership*>(store.get()));
  }

  boost::asio::io_context& ioc;
  const Config config;
  Metrics metrics;
  std::unique_ptr<Store> store;
  // The computer opponent's searches; outlives the rooms, which post its answers.
  EnginePool engine;
  // Rooms' heavy requests (review opening and records), off the I/O threads.
  RoomWorkers workers;
  RoomRegistry rooms;
  // Record exports and listings, on their own threads; stopped before the store goes.
  ExportService exports;
  // The network layer's shared state.
  const TrustedProxies trusted_proxies = TrustedProxies::from_config(config.trusted_proxies);
  ConnectionLimits connection_limits;
  SessionRegistry sessions;
  // Set once every unfinished game is restored and the server accepts connections; cleared
  // when a graceful shutdown begins. /readyz answers from it.
  std::atomic<bool> ready{false};
};

}  // namespace banmen::server
