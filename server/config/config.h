// Everything the server can be told at start: command-line flags, each with an
// environment variable (BANMEN_<FLAG>) and a safe default. Flags win over the environment.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace banmen::server {

// What record exports and game listings may cost (exports/export_service.h).
struct ExportLimits {
  int threads = 2;                         // worker threads
  std::size_t max_queued = 64;             // requests waiting or running, whole server
  std::size_t cache_mb = 16;               // finished records kept, MiB
  double requests_per_second = 5;          // per client address
  double burst = 20;                       // per client address
  std::size_t tracked_addresses = 100000;  // budgets remembered at most
};

struct Config {
  // Network and files
  std::uint16_t port = 8080;
  std::string bind = "127.0.0.1";
  std::string data_dir = "./data";
  std::string store = "sqlite";  // "sqlite" (<data_dir>/banmen.db), "postgres" or "memory"
  std::string postgres_url;      // --store postgres: postgresql://user@host:port/database
  // More than one server on one PostgreSQL (docs/operations.md): with --store postgres, a
  // server id turns room ownership on. Empty: one server.
  std::string server_id;
  std::int64_t lease_ms = 15000;            // how long a room's lease lasts
  std::int64_t lease_renew_ms = 5000;       // how often the owner renews all its leases
  std::int64_t lobby_refresh_ms = 2000;     // how often the shared lobby is read again
  std::int64_t postgres_timeout_ms = 5000;  // the longest one statement (or connect) may take
  // /readyz answers 503 while a store write has waited longer than this.
  std::int64_t store_stall_ms = 1500;
  bool cluster() const { return store == "postgres" && !server_id.empty(); }
  std::string sync = "normal";  // SQLite synchronous: "normal" or "full" (docs/operations.md)
  std::int64_t db_max_mb = 0;   // refuse writes past this database size; 0: no limit
  std::string static_dir;       // empty: found by default_static_dir()
  int threads = 2;
  std::string log_level = "info";
  std::string log_format = "text";  // "text" or "json" (one object a line); UTC either way

  // Limits on every connection
  std::size_t max_message_bytes = 32 * 1024;
  double messages_per_second = 20;  // sustained rate per connection
  double message_burst = 40;        // bucket size
  // What one address's connections together may have read, in bytes a second (0: no
  // budget), and the bucket's size: past it their reads wait (net/address_read_budget.h).
  std::size_t read_bytes_per_address = 2 * 1024 * 1024;
  std::size_t read_burst_per_address = 8 * 1024 * 1024;
  // check_variant requests one address may make a second, and at once: a host typing a
  // definition asks at most a few a second (the form waits for a pause in the typing).
  double variant_checks_per_second = 4;
  double variant_check_burst = 12;
  int refused_before_close = 50;  // rate-limited messages within refused_window_ms: closed
  std::size_t write_queue_messages = 512;
  std::size_t write_queue_bytes = 4 * 1024 * 1024;
  std::int64_t ping_timeout_ms = 30000;      // no answer to our pings for this long: closed
  std::int64_t idle_no_room_ms = 60000;      // connected but in no room for this long: closed
  int max_rooms_per_address = 20;            // live rooms created from one IP address
  std::vector<std::string> allowed_origins;  // empty: only the Host's own origin

  // Rooms
  std::int64_t abandon_timeout_ms = 60000;
  // Each side's first move of a game with a clock must come within this long, or the game
  // is aborted (docs/rules/play.md); 0: no limit.
  std::int64_t first_move_ms = 30000;
  // A correspondence clock's day (rooms/room_options.h); shorter only to test a flag.
  std::int64_t correspondence_day_ms = 86'400'000;
  // How often the server writes that it is alive while a correspondence clock runs (a
  // restart or a failover charges nobody the time it was down: docs/operations.md).
  std::int64_t alive_mark_ms = 1000;
  std::size_t chat_max_chars = 300;
  int chat_lines_per_window = 5;
  std::int64_t chat_window_ms = 10000;
  // A room with nobody in it and no game running leaves memory after this (the store keeps
  // it; its link brings it back).
  std::int64_t room_idle_ttl_ms = 30 * 60 * 1000;
  // A room is closed in the store this long after its last activity (0 days: never).
  int room_retention_days = 90;
  std::int64_t room_retention_ms_override = 0;         // tests: milliseconds instead
  std::int64_t room_retention_check_ms = 3600 * 1000;  // how often the job runs
  std::int64_t room_retention_ms() const {
    return room_retention_ms_override > 0 ? room_retention_ms_override
                                          : std::int64_t{room_retention_days} * 86400000;
  }
  std::int64_t room_max_idle_ms = 24LL * 3600 * 1000;  // any room untouched this long
  std::size_t max_rooms = 10000;                       // in memory, whole server

  // Network layer
  std::int64_t refused_window_ms = 10000;  // the window of refused_before_close
  std::size_t max_connections = 4096;      // open TCP connections, whole server
  std::size_t max_connections_per_address = 64;
  std::vector<std::string> trusted_proxies;  // CIDR ranges whose X-Forwarded-For we believe
  std::int64_t shutdown_grace_ms = 5000;     // SIGTERM/SIGINT: closing and committing within

  // Rooms: what one room may cost
  std::size_t max_spectators_per_room = 200;

  // The computer opponent: searches run on their own threads, never on an I/O thread
  int engine_threads = 1;         // on two cores, one is left for the network and rooms
  std::size_t engine_queue = 64;  // searches waiting beyond the running ones
  // Searches waiting or running for the rooms of one address (EnginePool): a flood of
  // computer rooms from one address holds this many places, never the whole queue.
  std::size_t engine_per_address = 4;
  // Whole-game analyses (docs/engine.md): at most this many queued or running at once in
  // the whole server, each position searched at this level for at most this long (and, if
  // set, this many nodes: tests use it for quick runs that repeat exactly).
  std::size_t analysis_queue = 4;
  int analysis_level = 5;
  std::int64_t analysis_ms = 250;
  std::uint64_t analysis_nodes = 0;

  // Record exports and game listings (/api/rooms/...)
  ExportLimits exports;

  // Web Push (docs/operations.md, "Web Push"): all three set, or none and no push at all.
  std::string vapid_public_key;            // base64url of the raw uncompressed P-256 point
  std::string vapid_private_key;           // base64url of the raw 32-byte scalar
  std::string vapid_subject;               // mailto: or https: contact for the push services
  bool push_allow_http_endpoints = false;  // tests only: http://127.0.0.1 endpoints
  int push_interval_ms = 60000;            // at most one push per player of a room per this
  bool push_configured() const { return !vapid_public_key.empty(); }
};

// Parses argv (and BANMEN_* environment variables). On --help or a bad flag returns the
// process exit code to use instead of a Config.
// What the process is asked to do besides serving.
enum class Command {
  serve,        // the server itself (no subcommand)
  backup,       // `backup FILE`: an online copy of the SQLite store (app/backup_command.h)
  healthcheck,  // `healthcheck`: GET /healthz on 127.0.0.1:--port, exit 0 or 1
  vapid_keys,   // `vapid-keys`: print a new VAPID key pair for --vapid-*-key
};

struct ParsedConfig {
  std::optional<Config> config;
  int exit_code = 0;
  Command command = Command::serve;
  std::string backup_file;  // `backup FILE`
};
ParsedConfig parse_config(int argc, char** argv);

// Where the built web client is by default: client-web/dist in the source tree this binary
// was built from, else /usr/share/banmen/client.
std::string default_static_dir();

}  // namespace banmen::server
