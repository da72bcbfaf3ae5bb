// What the network layer uses from the server around it, and nothing more: the I/O
// context, the configuration, the counters, the store's and the engine's figures, the
// exports, and the application behind the sessions as two calls. The application (app/)
// never sees the network layer: main() builds this from the hub. It also holds the
// network layer's own shared state. Outlives every listener, session and handler.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <functional>
#include <memory>
#include <string_view>
#include <utility>

#include "app/peer.h"
#include "config/config.h"
#include "engine/engine_pool.h"
#include "exports/export_service.h"
#include "net/address_read_budget.h"
#include "net/connection_limits.h"
#include "net/session_registry.h"
#include "net/trusted_proxies.h"
#include "storage/store.h"
#include "util/metrics.h"

namespace banmen::server {

struct NetServices {
  // One text message from a connection, on its strand.
  using Dispatch = std::function<void(const std::shared_ptr<Peer>&, std::string_view)>;

  NetServices(boost::asio::io_context& io, const Config& cfg, Metrics& m, Store& st,
              const EnginePool& eng, ExportService& ex, Dispatch on_message,
              std::function<void()> stop_all_rooms)
      : ioc(io),
        config(cfg),
        metrics(m),
        store(st),
        engine(eng),
        exports(ex),
        dispatch(std::move(on_message)),
        stop_rooms(std::move(stop_all_rooms)),
        trusted_proxies(TrustedProxies::from_config(cfg.trusted_proxies)),
        read_budget(cfg.read_bytes_per_address, cfg.read_burst_per_address) {}

  boost::asio::io_context& ioc;
  const Config& config;
  Metrics& metrics;
  Store& store;              // /readyz and /metrics read its figures; shutdown settles it
  const EnginePool& engine;  // /metrics
  ExportService& exports;    // records and listings (/api/...)
  const Dispatch dispatch;
  const std::function<void()> stop_rooms;  // the last step of a graceful shutdown

  // The network layer's own shared state.
  const TrustedProxies trusted_proxies;
  ConnectionLimits connection_limits;
  AddressReadBudget read_budget;
  SessionRegistry sessions;
  // Set once every unfinished game is restored and the server accepts connections; cleared
  // when a graceful shutdown begins. /readyz answers from it.
  std::atomic<bool> ready{false};
};

}  // namespace banmen::server
