#include "util/metrics.h"

#include "util/process_metrics.h"

#include <cstdio>

namespace banmen::server {

namespace {
void header(std::string& out, const char* name, const char* type, const char* help) {
  out += "# HELP ";
  out += name;
  out += ' ';
  out += help;
  out += "\n# TYPE ";
  out += name;
  out += ' ';
  out += type;
  out += '\n';
}

void value_line(std::string& out, const char* name, const char* type, const char* help,
                const std::string& value) {
  header(out, name, type, help);
  out += name;
  out += ' ';
  out += value;
  out += '\n';
}

std::string seconds(double ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", ms / 1000.0);
  return buf;
}

template <class T>
void line(std::string& out, const char* name, const char* type, const char* help,
          const std::atomic<T>& v) {
  value_line(out, name, type, help, std::to_string(v.load(std::memory_order_relaxed)));
}
}  // namespace

std::string Metrics::render(const StoreStats& store) const {
  std::string out;
  line(out, "banmen_connections_open", "gauge", "Open WebSocket connections.", connections_open);
  line(out, "banmen_connections_total", "counter", "WebSocket connections accepted.",
       connections_total);
  line(out, "banmen_rooms_open", "gauge", "Rooms in memory.", rooms_open);
  line(out, "banmen_rooms_created_total", "counter", "Rooms created.", rooms_created_total);
  line(out, "banmen_rooms_loaded_total", "counter",
       "Rooms brought back from the store when their link was opened.", rooms_loaded_total);
  line(out, "banmen_rooms_retention_closed_total", "counter",
       "Rooms closed in the store by the retention job.", rooms_retention_closed_total);
  line(out, "banmen_leases_acquired_total", "counter",
       "Room leases taken (several servers on one PostgreSQL).", leases_acquired_total);
  line(out, "banmen_leases_lost_total", "counter",
       "Rooms dropped because another server took their lease.", leases_lost_total);
  line(out, "banmen_rooms_handed_over_total", "counter",
       "Rooms handed over to another server that asked for them.", rooms_handed_over_total);
  games_started.render(out, "banmen_games_started_total", "Games started, by game.");
  games_finished.render(out, "banmen_games_finished_total", "Games finished, by game.");
  line(out, "banmen_moves_total", "counter", "Moves accepted.", moves_total);
  line(out, "banmen_messages_in_total", "counter", "WebSocket messages received.",
       messages_in_total);
  line(out, "banmen_errors_total", "counter", "Requests answered with an error.", errors_total);
  http_requests.render(out);
  line(out, "banmen_slow_clients_dropped_total", "counter",
       "Connections closed because their write queue was full.", slow_clients_dropped_total);
  refused.render(out);
  line(out, "banmen_accept_out_of_descriptors_total", "counter",
       "Times accepting a connection failed for lack of file descriptors (then paused).",
       accept_out_of_descriptors_total);
  line(out, "banmen_export_cache_hits_total", "counter",
       "Finished games' records answered from the cache, without the store or a replay.",
       export_cache_hits_total);
  line(out, "banmen_engine_searches_total", "counter", "Computer opponent searches finished.",
       engine_searches_total);
  value_line(out, "banmen_engine_search_seconds_sum", "counter",
             "Time spent in computer opponent searches.",
             seconds(static_cast<double>(engine_search_ms_total.load())));
  line(out, "banmen_engine_queue_length", "gauge",
       "Computer opponent searches waiting for an engine thread.", engine_queue_length);
  line(out, "banmen_engine_refused_total", "counter",
       "Computer searches refused because --engine-queue was full (the move waits and retries).",
       engine_refused_total);
  value_line(out, "banmen_store_commits_total", "counter",
             "Transactions that committed queued store writes (group commits).",
             std::to_string(store.transactions));
  value_line(out, "banmen_store_writes_total", "counter",
             "Store writes committed through the queue (moves, seats, results, chat...).",
             std::to_string(store.writes));
  render_histogram(out, "banmen_store_commit_seconds",
                   "Time of one group commit (BEGIN to COMMIT, fsync included).", store.commit_ms);
  render_histogram(out, "banmen_store_write_wait_seconds",
                   "Time from a write being queued to its commit: what a move waits for before "
                   "it is broadcast.",
                   store.write_ms);
  render_process_metrics(out);
  return out;
}

void render_histogram(std::string& out, const char* name, const char* help,
                      const LatencyHistogram& h) {
  header(out, name, "histogram", help);
  const std::string n = name;
  for (std::size_t i = 0; i < LatencyHistogram::kBoundsMs.size(); ++i)
    out += n + "_bucket{le=\"" + seconds(LatencyHistogram::kBoundsMs[i]) + "\"} " +
           std::to_string(h.cumulative(i)) + '\n';
  out += n + "_bucket{le=\"+Inf\"} " + std::to_string(h.count()) + '\n';
  out += n + "_sum " + seconds(h.sum_ms()) + '\n';
  out += n + "_count " + std::to_string(h.count()) + '\n';
}

}  // namespace banmen::server
