// What every room and request shares: configuration, counters, the store and the rooms.
// Built once in main() and outlives every session and room. The network layer sees it only
// through net/net_services.h, which main() builds from it.
#pragma once

#include <boost/asio/io_context.hpp>
#include <memory>

#include "app/alive_marker.h"
#include "app/web_push_notices.h"
#include "config/config.h"
#include "exports/export_service.h"
#include "rooms/room_registry.h"
#include "storage/store.h"
#include "util/address_budgets.h"
#include "util/metrics.h"

namespace banmen::server {

struct Hub {
  // `push`: what the rooms tell Web Push; by default made from the configuration (a test
  // may hand its own).
  Hub(boost::asio::io_context& io, Config cfg, std::unique_ptr<Store> st,
      std::unique_ptr<PushNotices> push_notices = nullptr)
      : ioc(io),
        config(std::move(cfg)),
        store(std::move(st)),
        engine(config.engine_threads, config.engine_queue, config.engine_per_address),
        analyses(config.analysis_queue),
        push(push_notices ? std::move(push_notices) : make_push_notices(config, *store, metrics)),
        rooms(RoomServices{ioc, config, *store, metrics, engine, workers, analyses, *push}),
        exports(*store, metrics, config.exports),
        variant_checks(config.variant_checks_per_second, config.variant_check_burst,
                       config.exports.tracked_addresses) {
    set_correspondence_day_ms(config.correspondence_day_ms);
    // Several servers on one PostgreSQL: the store also owns rooms (storage/room_ownership.h).
    if (config.cluster()) rooms.use_ownership(dynamic_cast<RoomOwnership*>(store.get()));
  }

  boost::asio::io_context& ioc;
  const Config config;
  Metrics metrics;
  std::unique_ptr<Store> store;
  // The computer opponent's searches; outlives the rooms, which post its answers.
  EnginePool engine;
  // Places for whole-game analyses, queued or running (--analysis-queue).
  AnalysisSlots analyses;
  // Rooms' heavy requests (review opening and records), off the I/O threads.
  RoomWorkers workers;
  // Web Push's one call from the rooms (push/push_notices.h): sent where the deployment has
  // VAPID keys. Outlives the rooms, which call it; its sender stops before the store goes.
  std::unique_ptr<PushNotices> push;
  RoomRegistry rooms;
  // Record exports and listings, on their own threads; stopped before the store goes.
  ExportService exports;
  // Each address's budget of check_variant requests (app/variant_check.cpp).
  AddressBudgets variant_checks;
  // That this server is alive, while correspondence clocks depend on it; last, so it stops
  // (with a last mark) before the rooms and the store go.
  AliveMarker alive{*store, metrics.correspondence_games, config.alive_mark_ms};
};

}  // namespace banmen::server
