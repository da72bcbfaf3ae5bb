// Counters with a label for /metrics: one metric whose label says which case, instead of a
// metric per case (Prometheus sums and filters over a label; it cannot over names). Each
// label's values are a fixed set, so the number of series stays bounded whatever clients do.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace banmen::server {

// Why something a client asked for was refused: banmen_refused_total{reason="..."}.
enum class Refusal : std::size_t {
  message_rate,                 // a WebSocket message over the per-connection rate
  max_connections,              // a connection over --max-connections
  max_connections_per_address,  // a connection over --max-connections-per-address
  api_rate,                     // 429: a record or listing over the per-address --api-rate
  export_queue_full,            // 503: every export worker busy and --export-queue full
  room_busy,                    // a join while another server still held the room
  room_work_busy,               // a heavy room request over its room's or address's share
  review_spectator,             // a spectator's review request (a save, a move) without leave
  variant_check_rate,           // a check_variant over its address's --variant-checks-per-second
  count
};
// Refusals the engine pool counts itself (util/engine_stats.h), written in the same metric.
struct EngineRefusals {
  std::uint64_t queue_full = 0;   // every waiting place was taken (--engine-queue)
  std::uint64_t per_address = 0;  // the address had its share (--engine-per-address)
};
std::string_view refusal_label(Refusal r);

struct RefusalCounters {
  std::array<std::atomic<std::uint64_t>, static_cast<std::size_t>(Refusal::count)> by_reason{};
  void add(Refusal r) { by_reason[static_cast<std::size_t>(r)].fetch_add(1); }
  std::uint64_t get(Refusal r) const { return by_reason[static_cast<std::size_t>(r)].load(); }
  // Every reason, zeros included, the engine's two after the others.
  void render(std::string& out, const EngineRefusals& engine) const;
};

// Which kind of HTTP target answered: banmen_http_requests_total{code="...",route="..."}.
// Routes, not paths: a path holds room ids and anything a client types.
enum class HttpRoute : std::size_t {
  healthz,
  readyz,
  metrics,
  api,
  ws,
  static_files,
  other,
  count
};
std::string_view route_label(HttpRoute r);

struct HttpCounters {
  static constexpr int kFirstCode = 100, kCodes = 500;  // 100 to 599
  std::array<std::array<std::atomic<std::uint64_t>, kCodes>,
             static_cast<std::size_t>(HttpRoute::count)>
      by_route_code{};
  void add(HttpRoute route, int code);
  std::uint64_t get(HttpRoute route, int code) const;
  void render(std::string& out) const;  // only the pairs seen
};

// Per game id (games/registry.h): banmen_games_started_total{game="shogi"} and the like.
// Every game of the registry is written, zeros included; an id outside it counts as
// "other".
struct GameCounters {
  static constexpr std::size_t kSlots = 64;
  std::array<std::atomic<std::uint64_t>, kSlots> by_game{};
  void add(std::string_view game);
  std::uint64_t get(std::string_view game) const;
  void render(std::string& out, const char* name, const char* help) const;
};

}  // namespace banmen::server
