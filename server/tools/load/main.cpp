// banmen-load: a load generator for banmen-server and for the bare relay baseline.
//
// Opens R rooms through the real protocol (host creates, guest joins, S spectators join),
// plays random legal games at a pace or as fast as it can, and reports connections held,
// moves per second, move latency percentiles, errors by code and the server's CPU time and
// memory from /proc. It talks to 127.0.0.1 only. See docs/performance.md.
//
//   banmen-load --port 8080 --rooms 5000 --pace 0.5 --duration 60 --server-pid 1234
//   banmen-load --target relay --port 9000 --rooms 1000 --pace 0 --duration 20
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <cstdio>

#include "options.h"
#include "report.h"
#include "run.h"

namespace {

// Ten thousand sockets need more descriptors than the usual soft limit of 1024.
void raise_descriptor_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

}  // namespace

int main(int argc, char** argv) {
  using banmen::load::Target;
  banmen::load::Options o;
  CLI::App app{"banmen-load: rooms, moves and latency against banmen-server or the bare relay"};
  std::string target = "server";
  app.add_option("--target", target, "server (protocol 2) or relay (the bare baseline)")
      ->check(CLI::IsMember({"server", "relay"}));
  app.add_option("--host", o.host, "address to connect to; only 127.0.0.1 is accepted");
  app.add_option("--port", o.port, "port to connect to")->required();
  app.add_option("--path", o.path, "WebSocket path");
  app.add_option("--rooms", o.rooms, "rooms to open (two players each)");
  app.add_option("--spectators", o.spectators, "spectators per room");
  app.add_option("--connections", o.max_connections, "most connections to open in all");
  app.add_option("--game", o.game, "game id, or mix: rooms take the available games in turn");
  app.add_option("--pace", o.pace, "moves per second per room; 0 = as fast as possible");
  app.add_option("--max-player-rate", o.max_player_rate,
                 "most moves per second one player sends (stay under the server's rate limit)");
  app.add_flag("--idle", o.idle, "open the rooms and hold them without moving");
  app.add_option("--duration", o.duration_s, "seconds of play, after every room is ready");
  app.add_option("--setup-timeout", o.setup_timeout_s, "most seconds for opening and joining");
  app.add_option("--threads", o.threads, "io_context threads (1 or 2)");
  app.add_option("--server-pid", o.server_pid, "server process to sample in /proc");
  app.add_option("--open-window", o.open_window, "connection attempts in flight per thread");
  app.add_option("--relay-bytes", o.relay_bytes, "size of a synthetic move sent to the relay");
  app.add_option("--seed", o.seed, "seed of the random moves");
  app.add_flag("--join-by-url", o.join_by_url,
               "players join on the room's own URL (/ws?room=<id>), as behind nginx in a cluster");
  CLI11_PARSE(app, argc, argv);
  o.target = target == "relay" ? Target::relay : Target::server;

  if (const std::string problem = banmen::load::check_options(o); !problem.empty()) {
    std::fprintf(stderr, "error: %s\n", problem.c_str());
    return 2;
  }
  raise_descriptor_limit();
  const banmen::load::Report report = banmen::load::run_load(o);
  banmen::load::print_report(report, stdout);
  std::printf("%s\n", banmen::load::result_line(report).c_str());
  std::fflush(stdout);
  // A run that could not set up every room, or saw any error, fails (the smoke test relies on it).
  const bool moved = o.idle || o.duration_s == 0 || report.stats.moves > 0;
  return report.setup_complete && banmen::load::error_count(report) == 0 && moved ? 0 : 1;
}
