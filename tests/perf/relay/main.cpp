// banmen-relay: the bare relay baseline of docs/performance.md. Not part of the product.
//
// A minimal Beast WebSocket server with the least work a game server could do per move:
// pair connections into rooms ("join <room>", answered "ok") and forward every later
// message to the room's other members without parsing it. banmen-load --target relay opens
// it with the same connections as the real server, so the product is compared with the
// limit of the same machine in the same run.
//
//   banmen-relay [--port P] [--threads N]     prints "listening 127.0.0.1:<port>"
#include <sys/resource.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "relay_room.h"
#include "session.h"

namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;

// Accepts on 127.0.0.1 until the io_context stops; each session gets its own strand.
class Listener {
 public:
  Listener(net::io_context& io, unsigned short port, banmen::relay::Rooms& rooms)
      : io_(io), acceptor_(io), rooms_(rooms) {
    const tcp::endpoint endpoint{net::ip::make_address_v4("127.0.0.1"), port};
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(net::socket_base::max_listen_connections);
  }
  unsigned short port() const { return acceptor_.local_endpoint().port(); }

  void accept() {
    acceptor_.async_accept(
        net::make_strand(io_), [this](const boost::system::error_code& ec, tcp::socket socket) {
          if (!ec) {
            std::make_shared<banmen::relay::Session>(std::move(socket), rooms_)->start();
          }
          if (acceptor_.is_open()) accept();
        });
  }
  void close() {
    boost::system::error_code ignored;
    acceptor_.close(ignored);
  }

 private:
  net::io_context& io_;
  tcp::acceptor acceptor_;
  banmen::relay::Rooms& rooms_;
};

void raise_descriptor_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int port = 0, threads = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--port") == 0 && i + 1 < argc) {
      port = std::atoi(argv[++i]);
    } else if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
      threads = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "error: usage: banmen-relay [--port P] [--threads N]\n");
      return 2;
    }
  }
  if (port < 0 || port > 65535 || threads < 1 || threads > 16) {
    std::fprintf(stderr, "error: --port 0..65535, --threads 1..16\n");
    return 2;
  }
  raise_descriptor_limit();
  banmen::relay::Rooms rooms;  // outlives the io_context, whose handlers hold sessions
  net::io_context io(threads);
  Listener listener(io, static_cast<unsigned short>(port), rooms);
  listener.accept();
  net::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code&, int) {
    listener.close();
    io.stop();
  });
  std::printf("listening 127.0.0.1:%u\n", listener.port());
  std::fflush(stdout);

  // An exception escaping a handler would end the process with a bare "Aborted" (seen
  // once at the end of a scenario 2 run): say what it was instead.
  auto run = [&io] {
    try {
      io.run();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "error: %s\n", e.what());
      std::fflush(stderr);
      std::_Exit(1);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(run);
  run();
  for (auto& thread : pool) thread.join();
  return 0;
}
