// What one run of banmen-load does; filled from the command line by main.cpp.
#pragma once

#include <string>
#include <string_view>

namespace banmen::load {

enum class Target { server, relay };

struct Options {
  std::string host = "127.0.0.1";  // loopback only: see check_options()
  unsigned short port = 0;
  std::string path = "/ws";
  Target target = Target::server;
  int rooms = 10;
  int spectators = 0;            // per room, besides the two players
  int max_connections = 20000;   // rooms are cut so that rooms * (2 + spectators) fits
  std::string game = "mix";      // one game id, or "mix": rooms take the available games in turn
  double pace = 0.5;             // moves per second per room; 0 = as fast as possible
  double max_player_rate = 0;    // moves per second one player may send; 0 = no cap
  bool idle = false;             // open the rooms, never move (memory per connection/room)
  double duration_s = 10;        // the measured phase, after every room is ready
  double setup_timeout_s = 120;  // the most opening and joining may take
  int threads = 1;               // io_context threads of the load generator (1 or 2)
  int server_pid = 0;            // read its CPU time and memory from /proc when > 0
  int open_window = 128;         // connection attempts in flight per thread
  int relay_bytes = 160;         // size of the synthetic move message sent to the relay
  unsigned long long seed = 1;   // random moves and start offsets are reproducible
  // After create_room, both players connect again to the room's own URL (`url` of
  // room_created, /ws?room=<id>) and join there with their tokens: what a client does in
  // front of several servers, where nginx routes each room's connections to one of them.
  bool join_by_url = false;
};

// The only address banmen-load talks to: it is a load generator, never aimed elsewhere.
inline bool is_allowed_host(std::string_view host) {
  return host == "127.0.0.1";
}

// Cuts `rooms` to what max_connections allows; an error message, or empty when usable.
std::string check_options(Options& options);

int connections_per_room(const Options& options);

}  // namespace banmen::load
