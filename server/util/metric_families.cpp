#include "util/metric_families.h"

#include <vector>

#include "games/registry.h"

namespace banmen::server {

namespace {
void header(std::string& out, const char* name, const char* help) {
  out += std::string("# HELP ") + name + ' ' + help + "\n# TYPE " + name + " counter\n";
}

// The registry's index of `game`, or the last slot ("other").
std::size_t game_slot(std::string_view game) {
  const auto& ids = game_ids();
  for (std::size_t i = 0; i < ids.size() && i + 1 < GameCounters::kSlots; ++i)
    if (ids[i] == game) return i;
  return GameCounters::kSlots - 1;
}
}  // namespace

std::string_view refusal_label(Refusal r) {
  switch (r) {
    case Refusal::message_rate:
      return "message_rate";
    case Refusal::max_connections:
      return "max_connections";
    case Refusal::max_connections_per_address:
      return "max_connections_per_address";
    case Refusal::api_rate:
      return "api_rate";
    case Refusal::export_queue_full:
      return "export_queue_full";
    case Refusal::room_busy:
      return "room_busy";
    case Refusal::room_work_busy:
      return "room_work_busy";
    case Refusal::review_spectator:
      return "review_spectator";
    case Refusal::variant_check_rate:
      return "variant_check_rate";
    case Refusal::count:
      break;
  }
  return "other";
}

void RefusalCounters::render(std::string& out, const EngineRefusals& engine) const {
  header(out, "banmen_refused_total",
         "Requests and connections refused, by reason: message_rate (WebSocket messages over "
         "the per-connection rate), max_connections, max_connections_per_address, api_rate "
         "(429), export_queue_full (503), room_busy (a join while another server held the "
         "room), room_work_busy (heavy work over its room's or address's share of the room "
         "workers: a review, a check_variant, a stored room's replay), review_spectator (a "
         "spectator's review request, a save or a move, while the players do not let "
         "spectators drive), variant_check_rate (a check_variant over its address's "
         "--variant-checks-per-second), engine_queue_full and "
         "engine_per_address (an engine search over --engine-queue or --engine-per-address).");
  const auto reason_line = [&out](std::string_view reason, std::uint64_t value) {
    out += "banmen_refused_total{reason=\"";
    out += reason;
    out += "\"} " + std::to_string(value) + '\n';
  };
  for (std::size_t i = 0; i < by_reason.size(); ++i)
    reason_line(refusal_label(static_cast<Refusal>(i)),
                by_reason[i].load(std::memory_order_relaxed));
  reason_line("engine_queue_full", engine.queue_full);
  reason_line("engine_per_address", engine.per_address);
}

std::string_view route_label(HttpRoute r) {
  switch (r) {
    case HttpRoute::healthz:
      return "/healthz";
    case HttpRoute::readyz:
      return "/readyz";
    case HttpRoute::metrics:
      return "/metrics";
    case HttpRoute::api:
      return "/api";
    case HttpRoute::ws:
      return "/ws";
    case HttpRoute::static_files:
      return "static";
    case HttpRoute::other:
    case HttpRoute::count:
      break;
  }
  return "other";
}

void HttpCounters::add(HttpRoute route, int code) {
  if (code < kFirstCode || code >= kFirstCode + kCodes) code = 500;
  by_route_code[static_cast<std::size_t>(route)][static_cast<std::size_t>(code - kFirstCode)]
      .fetch_add(1, std::memory_order_relaxed);
}

std::uint64_t HttpCounters::get(HttpRoute route, int code) const {
  if (code < kFirstCode || code >= kFirstCode + kCodes) return 0;
  return by_route_code[static_cast<std::size_t>(route)][static_cast<std::size_t>(code - kFirstCode)]
      .load(std::memory_order_relaxed);
}

void HttpCounters::render(std::string& out) const {
  header(out, "banmen_http_requests_total",
         "HTTP requests answered, by status code and route (WebSocket upgrades under /ws, "
         "101 when accepted; records and listings under /api; the web client's files "
         "under static).");
  for (std::size_t r = 0; r < by_route_code.size(); ++r)
    for (int c = 0; c < kCodes; ++c) {
      const auto n = by_route_code[r][static_cast<std::size_t>(c)].load(std::memory_order_relaxed);
      if (n == 0) continue;
      out += "banmen_http_requests_total{code=\"" + std::to_string(kFirstCode + c) + "\",route=\"" +
             std::string(route_label(static_cast<HttpRoute>(r))) + "\"} " + std::to_string(n) +
             '\n';
    }
}

void GameCounters::add(std::string_view game) {
  by_game[game_slot(game)].fetch_add(1, std::memory_order_relaxed);
}

std::uint64_t GameCounters::get(std::string_view game) const {
  return by_game[game_slot(game)].load(std::memory_order_relaxed);
}

void GameCounters::render(std::string& out, const char* name, const char* help) const {
  header(out, name, help);
  const auto& ids = game_ids();
  auto line = [&](std::string_view game, std::size_t slot) {
    out += std::string(name) + "{game=\"" + std::string(game) + "\"} " +
           std::to_string(by_game[slot].load(std::memory_order_relaxed)) + '\n';
  };
  for (std::size_t i = 0; i < ids.size() && i + 1 < kSlots; ++i) line(ids[i], i);
  line("other", kSlots - 1);
}

}  // namespace banmen::server
