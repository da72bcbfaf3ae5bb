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
void plain_line(std::string& out, const char* name, const char* type, const char* help, T v) {
  value_line(out, name, type, help, std::to_string(v));
}

template <class T>
void line(std::string& out, const char* name, const char* type, const char* help,
          const std::atomic<T>& v) {
  value_line(out, name, type, help, std::to_string(v.load(std::memory_order_relaxed)));
}

// The computer opponent's searches (server/engine/engine_pool.h).
void render_engine(std::string& out, const EngineStats& e) {
  plain_line(out, "banmen_engine_searches_total", "counter",
             "Engine searches finished (the computer's moves and review hints).", e.completed);
  render_histogram(out, "banmen_engine_search_seconds",
                   "Time of one engine search on its thread, from start to answer.", e.search_ms);
  render_histogram(out, "banmen_engine_queue_wait_seconds",
                   "Time an engine search waited for a thread before it started.", e.queue_wait_ms);
  plain_line(out, "banmen_engine_queue_length", "gauge", "Engine searches waiting for a thread.",
             e.queued);
  plain_line(out, "banmen_engine_running", "gauge", "Engine searches on a thread now.", e.running);
}
}  // namespace

std::string Metrics::render(const StoreStats& store, const EngineStats& engine) const {
  std::string out;
  line(out, "banmen_connections_open", "gauge", "Open WebSocket connections.", connections_open);
  line(out, "banmen_connections_total", "counter", "WebSocket connections accepted.",
       connections_total);
  line(out, "banmen_rooms_open", "gauge", "Rooms in memory.", rooms_open);
  line(out, "banmen_correspondence_games", "gauge",
       "Rooms in memory with a correspondence game in play.", correspondence_games);
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
  line(out, "banmen_lease_renewals_failed_total", "counter",
       "Renewals of this server's room leases that failed.", lease_renewals_failed_total);
  plain_line(out, "banmen_lease_renewal_failing", "gauge",
             "1 while the last renewal of this server's room leases failed.",
             lease_renewal_failing.load() ? 1 : 0);
  games_started.render(out, "banmen_games_started_total", "Games started, by game.");
  games_finished.render(out, "banmen_games_finished_total", "Games finished, by game.");
  line(out, "banmen_moves_total", "counter", "Moves accepted.", moves_total);
  line(out, "banmen_messages_in_total", "counter", "WebSocket messages received.",
       messages_in_total);
  line(out, "banmen_read_pauses_total", "counter",
       "WebSocket reads put off because their address had read its budget of bytes.",
       read_pauses_total);
  line(out, "banmen_errors_total", "counter", "Requests answered with an error.", errors_total);
  http_requests.render(out);
  line(out, "banmen_slow_clients_dropped_total", "counter",
       "Connections closed because their write queue was full.", slow_clients_dropped_total);
  refused.render(out, {engine.refused_queue, engine.refused_address});
  line(out, "banmen_accept_out_of_descriptors_total", "counter",
       "Times accepting a connection failed for lack of file descriptors (then paused).",
       accept_out_of_descriptors_total);
  line(out, "banmen_export_cache_hits_total", "counter",
       "Finished games' records answered from the cache, without the store or a replay.",
       export_cache_hits_total);
  line(out, "banmen_room_work_total", "counter",
       "Heavy requests done on the room workers: review openings and records, check_variant, "
       "stored rooms' replays.",
       room_work_total);
  line(out, "banmen_replayed_plies_total", "counter",
       "Moves replayed from a game's start to answer a request (a takeback with nothing kept).",
       replayed_plies_total);
  line(out, "banmen_push_sent_total", "counter", "Web Push messages a push service took.",
       push_sent_total);
  line(out, "banmen_push_failed_total", "counter",
       "Web Push messages a push service refused or never answered.", push_failed_total);
  line(out, "banmen_push_gone_total", "counter",
       "Web Push subscriptions withdrawn because their push service no longer has them.",
       push_gone_total);
  line(out, "banmen_push_dropped_total", "counter",
       "Web Push messages dropped because the sender's queue was full.", push_dropped_total);
  render_engine(out, engine);
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
  const auto bounds = h.bounds();
  for (std::size_t i = 0; i < bounds.size(); ++i)
    out +=
        n + "_bucket{le=\"" + seconds(bounds[i]) + "\"} " + std::to_string(h.cumulative(i)) + '\n';
  out += n + "_bucket{le=\"+Inf\"} " + std::to_string(h.count()) + '\n';
  out += n + "_sum " + seconds(h.sum_ms()) + '\n';
  out += n + "_count " + std::to_string(h.count()) + '\n';
}

}  // namespace banmen::server
