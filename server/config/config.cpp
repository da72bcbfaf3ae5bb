#include "config/config.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>

#include "push/vapid.h"
#include "util/ip_ranges.h"

#ifndef BANMEN_SOURCE_DIR
#define BANMEN_SOURCE_DIR ""
#endif

namespace banmen::server {

std::string default_static_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path in_tree = fs::path(BANMEN_SOURCE_DIR) / "client-web" / "dist";
  if (!std::string(BANMEN_SOURCE_DIR).empty() && fs::is_directory(in_tree, ec))
    return in_tree.string();
  return "/usr/share/banmen/client";
}

ParsedConfig parse_config(int argc, char** argv) {
  Config c;
  CLI::App app{
      "banmen-server: private rooms for shogi, minishogi, dog-cat shogi, hasami "
      "shogi, chess, reversi and fairy-chess variants (the built-ins or a host's own) "
      "over WebSocket"};
  app.option_defaults()->always_capture_default();
  app.set_version_flag("--version", "banmen-server " BANMEN_VERSION);

  app.add_option("--port", c.port, "TCP port")->envname("BANMEN_PORT");
  app.add_option("--bind", c.bind, "address to listen on")->envname("BANMEN_BIND");
  app.add_option("--data-dir", c.data_dir, "where the database lives")->envname("BANMEN_DATA_DIR");
  app.add_option("--store", c.store,
                 "sqlite (a file in --data-dir), postgres (--postgres-url) or memory (nothing "
                 "kept)")
      ->envname("BANMEN_STORE")
      ->check(CLI::IsMember({"sqlite", "postgres", "memory"}));
  app.add_option("--postgres-url", c.postgres_url,
                 "with --store postgres: postgresql://user@host:port/database (libpq's "
                 "syntax; a password is better kept in ~/.pgpass or PGPASSWORD)")
      ->envname("BANMEN_POSTGRES_URL");
  app.add_option("--server-id", c.server_id,
                 "with --store postgres: this server's id, unique among the servers sharing the "
                 "database; turns room ownership on (several servers behind nginx)")
      ->envname("BANMEN_SERVER_ID")
      ->check(CLI::Validator(
          [](std::string& id) {
            const bool ok = !id.empty() && id.size() <= 64 &&
                            id.find_first_not_of(
                                "abcdefghijklmnopqrstuvwxyz"
                                "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == std::string::npos;
            return ok ? std::string{} : std::string("1 to 64 of A-Z a-z 0-9 . _ -");
          },
          "ID"));
  app.add_option("--lease-ms", c.lease_ms,
                 "with --server-id: how long a server's hold on a room lasts unless renewed")
      ->envname("BANMEN_LEASE_MS")
      ->check(CLI::Range(INT64_C(500), INT64_C(600000)));
  app.add_option("--lease-renew-ms", c.lease_renew_ms,
                 "with --server-id: how often a server renews its rooms' leases (less than "
                 "--lease-ms)")
      ->envname("BANMEN_LEASE_RENEW_MS")
      ->check(CLI::Range(INT64_C(100), INT64_C(600000)));
  app.add_option("--postgres-timeout-ms", c.postgres_timeout_ms,
                 "with --store postgres: the longest a statement or a connect may take before "
                 "the request fails and the connection is made again")
      ->envname("BANMEN_POSTGRES_TIMEOUT_MS")
      ->check(CLI::Range(INT64_C(200), INT64_C(600000)));
  app.add_option("--store-stall-ms", c.store_stall_ms,
                 "/readyz answers 503 while a store write has waited longer than this")
      ->envname("BANMEN_STORE_STALL_MS")
      ->check(CLI::Range(INT64_C(100), INT64_C(600000)));
  app.add_option("--lobby-refresh-ms", c.lobby_refresh_ms,
                 "with --server-id: how often the shared public lobby is read from PostgreSQL")
      ->envname("BANMEN_LOBBY_REFRESH_MS")
      ->check(CLI::Range(INT64_C(100), INT64_C(600000)));
  app.add_option(
         "--sync", c.sync,
         "SQLite durability: normal (every move survives a server crash) or full (also power loss)")
      ->envname("BANMEN_SYNC")
      ->check(CLI::IsMember({"full", "normal"}));
  app.add_option("--db-max-mb", c.db_max_mb, "refuse writes past this database size (0: none)")
      ->envname("BANMEN_DB_MAX_MB")
      ->check(CLI::Range(0, 1 << 24));
  app.add_option("--static-dir", c.static_dir,
                 "built web client to serve (default: client-web/dist of the source tree, "
                 "else /usr/share/banmen/client)")
      ->envname("BANMEN_STATIC_DIR");
  app.add_option("--threads", c.threads, "I/O threads")
      ->envname("BANMEN_THREADS")
      ->check(CLI::Range(1, 64));
  app.add_option("--log-level", c.log_level, "trace, debug, info, warn, error, critical or off")
      ->envname("BANMEN_LOG_LEVEL")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}));

  app.add_option("--log-format", c.log_format,
                 "text (one line per event) or json (one JSON object per line); timestamps in "
                 "UTC with their offset either way")
      ->envname("BANMEN_LOG_FORMAT")
      ->check(CLI::IsMember({"text", "json"}));

  app.add_option("--max-message-bytes", c.max_message_bytes, "largest WebSocket message")
      ->envname("BANMEN_MAX_MESSAGE_BYTES")
      ->check(CLI::Range(1024, 1 << 20));
  app.add_option("--messages-per-second", c.messages_per_second, "sustained per connection")
      ->envname("BANMEN_MESSAGES_PER_SECOND")
      ->check(CLI::Range(0.1, 10000.0));
  app.add_option("--message-burst", c.message_burst, "burst per connection")
      ->envname("BANMEN_MESSAGE_BURST")
      ->check(CLI::Range(1.0, 100000.0));
  app.add_option("--read-bytes-per-address", c.read_bytes_per_address,
                 "WebSocket bytes one address's connections may have read a second, together; "
                 "past it (and its burst) their reads wait (0: no budget)")
      ->envname("BANMEN_READ_BYTES_PER_ADDRESS")
      ->check(CLI::Range(std::size_t{0}, std::size_t{1} << 30));
  app.add_option("--read-burst-per-address", c.read_burst_per_address,
                 "bytes one address may read at once before --read-bytes-per-address applies")
      ->envname("BANMEN_READ_BURST_PER_ADDRESS")
      ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 30));
  app.add_option("--variant-checks-per-second", c.variant_checks_per_second,
                 "check_variant requests one address may make a second (its connections "
                 "together)")
      ->envname("BANMEN_VARIANT_CHECKS_PER_SECOND")
      ->check(CLI::Range(0.01, 10000.0));
  app.add_option("--variant-check-burst", c.variant_check_burst,
                 "check_variant requests one address may make at once")
      ->envname("BANMEN_VARIANT_CHECK_BURST")
      ->check(CLI::Range(1.0, 100000.0));
  app.add_option("--write-queue-messages", c.write_queue_messages,
                 "queued outgoing messages before a slow client is dropped")
      ->envname("BANMEN_WRITE_QUEUE_MESSAGES")
      ->check(CLI::Range(8, 1 << 20));
  app.add_option("--ping-timeout-ms", c.ping_timeout_ms, "close a silent connection after")
      ->envname("BANMEN_PING_TIMEOUT_MS")
      ->check(CLI::Range(1000, 3600000));
  app.add_option("--idle-no-room-ms", c.idle_no_room_ms,
                 "close a connection that joins no room within")
      ->envname("BANMEN_IDLE_NO_ROOM_MS")
      ->check(CLI::Range(1000, 3600000));
  app.add_option("--max-rooms-per-address", c.max_rooms_per_address,
                 "live rooms one IP address may create")
      ->envname("BANMEN_MAX_ROOMS_PER_ADDRESS")
      ->check(CLI::Range(1, 100000));
  app.add_option("--max-rooms", c.max_rooms, "rooms in memory")
      ->envname("BANMEN_MAX_ROOMS")
      ->check(CLI::Range(1, 10000000));
  app.add_option("--allowed-origin", c.allowed_origins,
                 "Origin allowed to open a WebSocket (repeatable, or comma-separated in "
                 "BANMEN_ALLOWED_ORIGINS); '*' allows any. Default: the server's own host")
      ->envname("BANMEN_ALLOWED_ORIGINS")
      ->delimiter(',');
  app.add_option("--abandon-timeout-ms", c.abandon_timeout_ms,
                 "a player gone this long may be claimed against")
      ->envname("BANMEN_ABANDON_TIMEOUT_MS")
      ->check(CLI::Range(1000, 86400000));
  app.add_option("--correspondence-day-ms", c.correspondence_day_ms,
                 "length of a correspondence clock's day (shorten it only to test a flag)")
      ->envname("BANMEN_CORRESPONDENCE_DAY_MS")
      ->check(CLI::Range(std::int64_t{1000}, std::int64_t{86400000}));
  app.add_option("--alive-mark-ms", c.alive_mark_ms,
                 "how often the server records that it is alive while correspondence "
                 "clocks run; a restart charges nobody for the time it was down")
      ->envname("BANMEN_ALIVE_MARK_MS")
      ->check(CLI::Range(std::int64_t{100}, std::int64_t{60000}));
  app.add_option("--first-move-ms", c.first_move_ms,
                 "time each side has for its first move of a timed game before the game is "
                 "aborted (0: no limit)")
      ->envname("BANMEN_FIRST_MOVE_MS")
      ->check(CLI::Range(0, 86400000));
  app.add_option("--chat-max-chars", c.chat_max_chars, "longest chat line")
      ->envname("BANMEN_CHAT_MAX_CHARS")
      ->check(CLI::Range(1, 4000));
  app.add_option("--chat-lines-per-window", c.chat_lines_per_window, "chat lines per window")
      ->envname("BANMEN_CHAT_LINES")
      ->check(CLI::Range(1, 1000));
  app.add_option("--chat-window-ms", c.chat_window_ms, "chat rate window")
      ->envname("BANMEN_CHAT_WINDOW_MS")
      ->check(CLI::Range(100, 3600000));
  app.add_option("--room-idle-ttl-ms", c.room_idle_ttl_ms,
                 "an empty room with no game running leaves memory after this long (the store "
                 "keeps it: its link brings it back)")
      ->envname("BANMEN_ROOM_IDLE_TTL_MS")
      ->check(CLI::Range(1000, 604800000));
  app.add_option("--room-retention-days", c.room_retention_days,
                 "close a room in the store this many days after its last activity (its "
                 "finished games stay downloadable); 0 keeps rooms for ever")
      ->envname("BANMEN_ROOM_RETENTION_DAYS")
      ->check(CLI::Range(0, 36500));
  app.add_option("--room-retention-ms", c.room_retention_ms_override,
                 "the retention in milliseconds instead of days (for tests); 0: use the days")
      ->envname("BANMEN_ROOM_RETENTION_MS")
      ->check(CLI::Range(INT64_C(0), INT64_C(3153600000000)));
  app.add_option("--room-retention-check-ms", c.room_retention_check_ms,
                 "how often the retention job looks for rooms to close")
      ->envname("BANMEN_ROOM_RETENTION_CHECK_MS")
      ->check(CLI::Range(INT64_C(100), INT64_C(604800000)));
  app.add_option("--refused-before-close", c.refused_before_close,
                 "rate-limited messages within --refused-window-ms before the connection is "
                 "closed (1008)")
      ->envname("BANMEN_REFUSED_BEFORE_CLOSE")
      ->check(CLI::Range(1, 100000));
  app.add_option("--refused-window-ms", c.refused_window_ms,
                 "the window in which --refused-before-close refusals close a connection")
      ->envname("BANMEN_REFUSED_WINDOW_MS")
      ->check(CLI::Range(100, 3600000));
  app.add_option("--max-connections", c.max_connections,
                 "open connections (HTTP and WebSocket) over the whole server")
      ->envname("BANMEN_MAX_CONNECTIONS")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--max-connections-per-address", c.max_connections_per_address,
                 "open connections from one client address")
      ->envname("BANMEN_MAX_CONNECTIONS_PER_ADDRESS")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--trusted-proxies", c.trusted_proxies,
                 "CIDR[,CIDR...] of reverse proxies whose X-Forwarded-For gives the client "
                 "address (default: none, the header is ignored)")
      ->envname("BANMEN_TRUSTED_PROXIES")
      ->delimiter(',')
      ->check(CLI::Validator(
          [](std::string& entry) {
            std::string error;
            return IpRanges::parse({entry}, error) ? std::string{} : error;
          },
          "CIDR"));
  app.add_option("--shutdown-grace-ms", c.shutdown_grace_ms,
                 "on SIGTERM or SIGINT: time to close connections and commit queued writes")
      ->envname("BANMEN_SHUTDOWN_GRACE_MS")
      ->check(CLI::Range(100, 600000));
  app.add_option("--room-max-idle-ms", c.room_max_idle_ms,
                 "forget any room untouched this long, even with an unfinished game")
      ->envname("BANMEN_ROOM_MAX_IDLE_MS")
      ->check(CLI::Range(INT64_C(1000), INT64_C(604800000)));
  app.add_option("--max-spectators", c.max_spectators_per_room, "spectators in one room")
      ->envname("BANMEN_MAX_SPECTATORS")
      ->check(CLI::Range(0, 100000));

  app.add_option("--engine-threads", c.engine_threads,
                 "threads for the computer opponent's searches (off the network threads)")
      ->envname("BANMEN_ENGINE_THREADS")
      ->check(CLI::Range(1, 256));
  app.add_option("--engine-queue", c.engine_queue,
                 "computer searches waiting for a thread; beyond it a computer's move waits")
      ->envname("BANMEN_ENGINE_QUEUE")
      ->check(CLI::Range(1, 100000));
  app.add_option("--engine-per-address", c.engine_per_address,
                 "searches waiting or running for the rooms of one client address")
      ->envname("BANMEN_ENGINE_PER_ADDRESS")
      ->check(CLI::Range(1, 100000));

  app.add_option("--analysis-queue", c.analysis_queue,
                 "whole-game analyses queued or running at once, whole server (engine_busy beyond)")
      ->envname("BANMEN_ANALYSIS_QUEUE")
      ->check(CLI::Range(1, 1000));
  app.add_option("--analysis-level", c.analysis_level,
                 "engine level of each position's search in a whole-game analysis")
      ->envname("BANMEN_ANALYSIS_LEVEL")
      ->check(CLI::Range(1, 8));
  app.add_option("--analysis-ms", c.analysis_ms,
                 "time for each position's search in a whole-game analysis (ms)")
      ->envname("BANMEN_ANALYSIS_MS")
      ->check(CLI::Range(INT64_C(1), INT64_C(10000)));
  app.add_option("--analysis-nodes", c.analysis_nodes,
                 "node limit of each position's search in a whole-game analysis; 0: none")
      ->envname("BANMEN_ANALYSIS_NODES");

  app.add_option("--api-rate", c.exports.requests_per_second,
                 "record and listing requests per second from one client address (429 beyond)")
      ->envname("BANMEN_API_RATE")
      ->check(CLI::Range(0.1, 100000.0));
  app.add_option("--api-burst", c.exports.burst,
                 "record and listing requests one client address may make at once")
      ->envname("BANMEN_API_BURST")
      ->check(CLI::Range(1.0, 100000.0));
  app.add_option("--export-threads", c.exports.threads,
                 "threads that build records and listings (off the network threads)")
      ->envname("BANMEN_EXPORT_THREADS")
      ->check(CLI::Range(1, 64));
  app.add_option("--export-queue", c.exports.max_queued,
                 "record and listing requests waiting or running at once (503 beyond)")
      ->envname("BANMEN_EXPORT_QUEUE")
      ->check(CLI::Range(1, 100000));
  app.add_option("--export-cache-mb", c.exports.cache_mb,
                 "memory kept for finished games' records, in MiB")
      ->envname("BANMEN_EXPORT_CACHE_MB")
      ->check(CLI::Range(0, 65536));

  app.add_option("--vapid-public-key", c.vapid_public_key,
                 "Web Push: base64url of the VAPID public key (raw uncompressed P-256 point); "
                 "with the two others, turns push notifications on")
      ->envname("BANMEN_VAPID_PUBLIC_KEY");
  app.add_option("--vapid-private-key", c.vapid_private_key,
                 "Web Push: base64url of the VAPID private key (raw 32-byte scalar)")
      ->envname("BANMEN_VAPID_PRIVATE_KEY");
  app.add_option("--vapid-subject", c.vapid_subject,
                 "Web Push: contact given to push services (mailto:... or https://...)")
      ->envname("BANMEN_VAPID_SUBJECT");
  app.add_flag("--push-allow-http-endpoints", c.push_allow_http_endpoints,
               "tests only: accept push endpoints on http://127.0.0.1")
      ->envname("BANMEN_PUSH_ALLOW_HTTP_ENDPOINTS");
  app.add_option("--push-interval-ms", c.push_interval_ms,
                 "Web Push: at most one notification per player of a room per this many ms")
      ->envname("BANMEN_PUSH_INTERVAL_MS")
      ->check(CLI::Range(0, 24 * 3600 * 1000));

  // Subcommands read the same flags (--data-dir, --port...), before or after their name.
  ParsedConfig parsed;
  auto* backup = app.add_subcommand(
      "backup",
      "copy the SQLite store (--data-dir/banmen.db) to FILE while the server runs, through "
      "SQLite's backup API, then check the copy; exit 0 when it is whole");
  backup->add_option("FILE", parsed.backup_file, "the copy to write (must not exist)")->required();
  backup->fallthrough();
  auto* healthcheck = app.add_subcommand(
      "healthcheck",
      "GET /healthz of the server on 127.0.0.1:--port (a container's HEALTHCHECK); exit 0 "
      "when it answers 200, else 1");
  healthcheck->fallthrough();
  auto* vapid_keys = app.add_subcommand(
      "vapid-keys",
      "print a new VAPID key pair for --vapid-public-key and --vapid-private-key, then exit");
  vapid_keys->fallthrough();
  app.require_subcommand(0, 1);

  auto refused = [&parsed](int exit_code) {
    parsed.exit_code = exit_code;
    return parsed;
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return refused(app.exit(e));
  }
  if (!c.server_id.empty() && c.store != "postgres") {
    std::fprintf(stderr,
                 "--server-id (BANMEN_SERVER_ID) needs --store postgres: several servers share "
                 "rooms only through PostgreSQL (this server's store is %s)\n",
                 c.store.c_str());
    return refused(2);
  }
  if (c.lease_renew_ms >= c.lease_ms) {
    std::fprintf(stderr, "--lease-renew-ms (%lld) must be less than --lease-ms (%lld)\n",
                 static_cast<long long>(c.lease_renew_ms), static_cast<long long>(c.lease_ms));
    return refused(2);
  }
  if (!c.vapid_public_key.empty() || !c.vapid_private_key.empty() || !c.vapid_subject.empty()) {
    if (c.vapid_public_key.empty() || c.vapid_private_key.empty() || c.vapid_subject.empty()) {
      std::fprintf(stderr,
                   "Web Push needs all three of --vapid-public-key, --vapid-private-key and "
                   "--vapid-subject (or none of them)\n");
      return refused(2);
    }
    std::string why;
    if (!parse_vapid_keys(c.vapid_public_key, c.vapid_private_key, why)) {
      std::fprintf(stderr, "--vapid-public-key/--vapid-private-key: %s\n", why.c_str());
      return refused(2);
    }
    if (!valid_vapid_subject(c.vapid_subject)) {
      std::fprintf(stderr,
                   "--vapid-subject must be a mailto: address or an https: URL (got '%s')\n",
                   c.vapid_subject.c_str());
      return refused(2);
    }
  }
  if (c.static_dir.empty()) c.static_dir = default_static_dir();
  if (backup->parsed()) parsed.command = Command::backup;
  if (healthcheck->parsed()) parsed.command = Command::healthcheck;
  if (vapid_keys->parsed()) parsed.command = Command::vapid_keys;
  parsed.config = c;
  return parsed;
}

}  // namespace banmen::server
