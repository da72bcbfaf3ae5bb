#include "report.h"

#include <cinttypes>
#include <sstream>

namespace banmen::load {

namespace {

double per_second(std::uint64_t n, double seconds) {
  return seconds > 0 ? n / seconds : 0.0;
}
double ms(std::uint64_t micros) {
  return static_cast<double>(micros) / 1000.0;
}

// Resident memory the server gained per connection (idle, in no room) and per room.
struct MemoryCost {
  double per_connection_kib = 0, per_room_kib = 0;
  bool known = false;
};

MemoryCost memory_cost(const Report& r) {
  MemoryCost cost;
  if (!r.server_start || !r.server_connected || !r.server_ready || r.connected == 0) return cost;
  cost.known = true;
  cost.per_connection_kib =
      static_cast<double>(r.server_connected->rss_kib - r.server_start->rss_kib) / r.connected;
  if (r.rooms_ready > 0) {
    cost.per_room_kib =
        static_cast<double>(r.server_ready->rss_kib - r.server_connected->rss_kib) / r.rooms_ready;
  }
  return cost;
}

}  // namespace

std::uint64_t error_count(const Report& report) {
  std::uint64_t n = 0;
  for (const auto& [code, count] : report.stats.errors) n += count;
  return n;
}

void print_report(const Report& r, std::FILE* out) {
  const auto& o = r.options;
  const auto& s = r.stats;
  const auto& h = s.latency;
  std::fprintf(out, "banmen-load: %s at %s:%u, game %s, %d rooms x (2 players + %d spectators)\n",
               o.target == Target::relay ? "relay" : "server", o.host.c_str(), o.port,
               o.target == Target::relay ? "-" : o.game.c_str(), o.rooms, o.spectators);
  if (o.idle) {
    std::fprintf(out, "pace: idle (no moves)\n");
  } else if (o.pace > 0) {
    std::fprintf(out, "pace: %.3g moves/s per room\n", o.pace);
  } else {
    std::fprintf(out, "pace: as fast as possible\n");
  }
  std::fprintf(out, "connections: wanted %d, usable %d, failed %d, held %d at start, %d at end\n",
               r.connections_wanted, r.connected, r.failed, r.held_at_start, r.held_at_end);
  std::fprintf(out, "setup: open %.2f s, join %.2f s, rooms ready %d%s\n", r.open_seconds,
               r.join_seconds, r.rooms_ready, r.setup_complete ? "" : " (INCOMPLETE)");
  std::fprintf(out,
               "measured %.2f s: %" PRIu64 " moves (%.1f/s), %" PRIu64
               " messages in (%.1f/s, %.1f MB/s), %" PRIu64 " games over\n",
               r.measured_seconds, s.moves, per_second(s.moves, r.measured_seconds), s.messages_in,
               per_second(s.messages_in, r.measured_seconds),
               per_second(s.bytes_in, r.measured_seconds) / 1e6, s.games_over);
  std::fprintf(out,
               "move latency ms: p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f  mean %.3f "
               "(n=%" PRIu64 ")\n",
               ms(h.percentile(0.5)), ms(h.percentile(0.9)), ms(h.percentile(0.99)),
               ms(h.percentile(0.999)), ms(h.max()), h.mean() / 1000.0, h.count());
  if (s.errors.empty()) {
    std::fprintf(out, "errors: none\n");
  } else {
    std::fprintf(out, "errors:");
    for (const auto& [code, n] : s.errors) std::fprintf(out, " %s=%" PRIu64, code.c_str(), n);
    std::fprintf(out, "\n");
  }
  if (r.server_start && r.server_end) {
    const double cpu = r.server_end->cpu_seconds - r.server_start->cpu_seconds;
    std::fprintf(out,
                 "server pid %d: cpu %.2f s -> %.2f s; rss KiB start %lld, connected %lld, rooms "
                 "%lld, end %lld (peak %lld)\n",
                 o.server_pid, r.server_start->cpu_seconds, r.server_end->cpu_seconds,
                 r.server_start->rss_kib, r.server_connected ? r.server_connected->rss_kib : -1,
                 r.server_ready ? r.server_ready->rss_kib : -1, r.server_end->rss_kib,
                 r.server_end->rss_peak_kib);
    std::fprintf(out, "server cpu over the whole run: %.2f s\n", cpu);
    const MemoryCost cost = memory_cost(r);
    if (cost.known) {
      std::fprintf(out, "server memory: %.2f KiB per idle connection, %.2f KiB per room\n",
                   cost.per_connection_kib, cost.per_room_kib);
    }
  } else if (o.server_pid > 0) {
    std::fprintf(out, "server pid %d: /proc could not be read\n", o.server_pid);
  }
  if (r.self_end) {
    std::fprintf(out, "load generator: cpu %.2f s, rss %lld KiB\n", r.self_end->cpu_seconds,
                 r.self_end->rss_kib);
  }
}

std::string result_line(const Report& r) {
  const auto& s = r.stats;
  const auto& h = s.latency;
  std::ostringstream line;
  line.setf(std::ios::fixed);
  line.precision(3);
  line << "RESULT target=" << (r.options.target == Target::relay ? "relay" : "server")
       << " rooms=" << r.options.rooms << " spectators=" << r.options.spectators
       << " connections=" << r.connections_wanted << " usable=" << r.connected
       << " held=" << r.held_at_end << " setup_complete=" << (r.setup_complete ? 1 : 0)
       << " seconds=" << r.measured_seconds << " moves=" << s.moves
       << " moves_per_s=" << per_second(s.moves, r.measured_seconds)
       << " messages_per_s=" << per_second(s.messages_in, r.measured_seconds)
       << " p50_ms=" << ms(h.percentile(0.5)) << " p90_ms=" << ms(h.percentile(0.9))
       << " p99_ms=" << ms(h.percentile(0.99)) << " p999_ms=" << ms(h.percentile(0.999))
       << " max_ms=" << ms(h.max()) << " errors=" << error_count(r)
       << " join_retries=" << s.join_retries;
  if (r.server_start && r.server_end) {
    line << " server_cpu_s=" << (r.server_end->cpu_seconds - r.server_start->cpu_seconds)
         << " server_rss_start_kib=" << r.server_start->rss_kib
         << " server_rss_end_kib=" << r.server_end->rss_kib;
    const MemoryCost cost = memory_cost(r);
    if (cost.known) {
      line << " kib_per_connection=" << cost.per_connection_kib
           << " kib_per_room=" << cost.per_room_kib;
    }
  }
  if (r.self_end) line << " load_cpu_s=" << r.self_end->cpu_seconds;
  return line.str();
}

}  // namespace banmen::load
