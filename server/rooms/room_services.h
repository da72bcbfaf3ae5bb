// What a room uses from the server around it, and nothing more: the I/O context its strand
// and timers run on, the configuration, the store, the counters, the engine and the
// workers for heavy requests, and Web Push. All outlive every room.
#pragma once

#include <boost/asio/io_context.hpp>

#include "config/config.h"
#include "engine/engine_pool.h"
#include "push/push_notices.h"
#include "rooms/analysis_slots.h"
#include "rooms/room_workers.h"
#include "storage/store.h"
#include "util/metrics.h"

namespace banmen::server {

struct RoomServices {
  boost::asio::io_context& ioc;
  const Config& config;
  Store& store;
  Metrics& metrics;
  EnginePool& engine;
  RoomWorkers& workers;
  AnalysisSlots& analyses;  // the server-wide bound on whole-game analyses
  PushNotices& push;        // Web Push: a person's turn after a committed move
};

}  // namespace banmen::server
