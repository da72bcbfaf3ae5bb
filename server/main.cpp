// banmen-server: private rooms where two browsers play shogi, minishogi, dog-cat shogi,
// hasami shogi, chess and reversi, with clocks, spectators and reconnection.
#include <spdlog/spdlog.h>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <thread>
#include <vector>

#include "app/hub.h"
#include "app/open_store.h"
#include "config/config.h"
#include "net/listener.h"

int main(int argc, char** argv) {
  using namespace banmen::server;
  auto parsed = parse_config(argc, argv);
  if (!parsed.config) return parsed.exit_code;
  const Config cfg = *parsed.config;
  spdlog::set_level(spdlog::level::from_str(cfg.log_level));
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");

  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(cfg.bind, ec);
  if (ec) {
    spdlog::error("bad --bind address '{}': {}", cfg.bind, ec.message());
    return 2;
  }
  auto opened = open_store(cfg);
  if (!opened) {
    spdlog::error("storage: {}", opened.error().message);
    return 1;
  }
  boost::asio::io_context ioc{cfg.threads};
  Hub hub(ioc, cfg, std::move(opened->store));
  // Every unfinished game is back before the first client can connect.
  auto restored = hub.rooms.restore_all();
  if (!restored) {
    spdlog::error("storage: cannot read unfinished games: {}", restored.error().message);
    return 1;
  }

  auto listener =
      std::make_shared<Listener>(hub, boost::asio::ip::tcp::endpoint{address, cfg.port}, ec);
  if (ec) {
    spdlog::error("cannot listen on {}:{}: {}", cfg.bind, cfg.port, ec.message());
    return 1;
  }
  listener->run();
  hub.rooms.start_sweeping();
  // The actual port (matters with --port 0) on its own line, for scripts and tests.
  spdlog::info("listening on {}:{} static={} store={} restored_rooms={}", cfg.bind,
               listener->port(), cfg.static_dir, opened->description, *restored);

  boost::asio::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code&, int sig) {
    spdlog::info("signal {}: shutting down", sig);
    listener->stop();
    hub.rooms.stop();
    ioc.stop();
  });

  std::vector<std::thread> threads;
  for (int i = 1; i < cfg.threads; ++i) threads.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (auto& t : threads) t.join();
  spdlog::info("stopped");
  return 0;
}
