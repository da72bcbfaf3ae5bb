// banmen-cluster-up: the cluster of the tests (cluster_harness.h) for a load run by hand or
// by tests/perf/run-cluster-scenarios.sh. It starts a temporary PostgreSQL, N banmen-servers
// in cluster mode and nginx in front of them, prints one line
//   READY nginx_port=<port> server_pids=<pid>,<pid>,...
// and keeps everything running until its standard input closes (or SIGTERM/SIGINT), then
// stops it all and deletes the temporary files. Loopback only.
//
//   banmen-cluster-up --servers 3 --server build/release/server/banmen-server
//                     --locations deploy/nginx/...conf [--nginx /usr/sbin/nginx]
//                     [--sqlite] [-- extra server arguments...]
// --sqlite: one server on SQLite behind the same nginx (the baseline), no PostgreSQL.
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "cluster_harness.h"

namespace {

volatile sig_atomic_t stop_requested = 0;
void on_signal(int) {
  stop_requested = 1;
}

}  // namespace

int main(int argc, char** argv) {
  banmen::test::ClusterOptions o;
  o.nginx_binary = "/usr/sbin/nginx";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--servers" && has_value) {
      o.servers = std::stoi(argv[++i]);
    } else if (a == "--server" && has_value) {
      o.server_binary = argv[++i];
    } else if (a == "--nginx" && has_value) {
      o.nginx_binary = argv[++i];
    } else if (a == "--locations" && has_value) {
      o.nginx_locations = argv[++i];
    } else if (a == "--sqlite") {
      o.sqlite = true;
    } else if (a == "--") {
      o.extra_server_args.assign(argv + i + 1, argv + argc);
      break;
    } else {
      std::cerr << "usage: banmen-cluster-up --servers N --server BIN --locations FILE "
                   "[--nginx BIN] [--sqlite] [-- server args...]\n";
      return 2;
    }
  }
  if (o.servers < 1 || o.servers > 16 || o.server_binary.empty() || o.nginx_locations.empty()) {
    std::cerr << "error: --servers 1..16, --server and --locations are required\n";
    return 2;
  }
  ::signal(SIGTERM, on_signal);
  ::signal(SIGINT, on_signal);
  ::signal(SIGPIPE, SIG_IGN);

  banmen::test::ClusterHarness cluster(o);
  if (!cluster.error().empty() || !cluster.start_all() || !cluster.start_nginx()) {
    std::cerr << "error: " << cluster.error() << "\n" << cluster.logs();
    return 1;
  }
  std::cout << "READY nginx_port=" << cluster.nginx_port() << " server_pids=";
  for (std::size_t i = 0; i < cluster.size(); ++i)
    std::cout << (i ? "," : "") << cluster.server(i).pid();
  std::cout << std::endl;

  // Until stdin closes or a signal asks us to stop.
  while (!stop_requested) {
    pollfd p{STDIN_FILENO, POLLIN, 0};
    const int n = ::poll(&p, 1, 500);
    if (n > 0) {
      char buf[256];
      if (::read(STDIN_FILENO, buf, sizeof buf) <= 0) break;
    }
  }
  for (std::size_t i = 0; i < cluster.size(); ++i) cluster.server(i).stop();
  return 0;
}
