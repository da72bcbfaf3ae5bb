#include "options.h"

#include <algorithm>

namespace banmen::load {

int connections_per_room(const Options& options) {
  return 2 + options.spectators;
}

std::string check_options(Options& o) {
  if (!is_allowed_host(o.host)) return "only 127.0.0.1 is allowed as --host, not '" + o.host + "'";
  if (o.port == 0) return "--port is required";
  if (o.path.empty() || o.path.front() != '/') return "--path must start with '/'";
  if (o.rooms < 1 || o.rooms > 100000) return "--rooms must be 1..100000";
  if (o.spectators < 0 || o.spectators > 100) return "--spectators must be 0..100";
  if (o.max_connections < 2) return "--connections must be at least 2";
  if (o.pace < 0 || o.pace > 1000) return "--pace must be 0..1000 moves per second per room";
  if (o.max_player_rate < 0 || o.max_player_rate > 10000)
    return "--max-player-rate must be 0..10000";
  if (o.duration_s < 0 || o.duration_s > 3600) return "--duration must be 0..3600 seconds";
  if (o.setup_timeout_s < 1 || o.setup_timeout_s > 3600) return "--setup-timeout must be 1..3600";
  if (o.threads < 1 || o.threads > 2) return "--threads must be 1 or 2";
  if (o.open_window < 1 || o.open_window > 10000) return "--open-window must be 1..10000";
  if (o.relay_bytes < 32 || o.relay_bytes > 16000) return "--relay-bytes must be 32..16000";
  if (o.server_pid < 0) return "--server-pid must be positive";
  if (o.join_by_url && o.spectators > 0) return "--join-by-url plays rooms without spectators";
  o.rooms = std::min(o.rooms, o.max_connections / connections_per_room(o));
  if (o.rooms < 1) return "--connections is too small for one room";
  return {};
}

}  // namespace banmen::load
