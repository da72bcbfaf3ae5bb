// banmen-server: private rooms where two browsers play shogi, minishogi, dog-cat shogi,
// hasami shogi, chess, reversi and fairy-chess variants, with clocks, spectators and
// reconnection.
#include <spdlog/spdlog.h>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <cstdio>
#include <filesystem>
#include <thread>
#include <vector>

#include "app/backup_command.h"
#include "app/dispatcher.h"
#include "app/healthcheck_command.h"
#include "app/hub.h"
#include "app/io_watchdog.h"
#include "app/log_format.h"
#include "app/open_store.h"
#include "app/service_notify.h"
#include "config/config.h"
#include "net/graceful_shutdown.h"
#include "net/listener.h"
#include "net/net_services.h"
#include "push/vapid.h"

namespace {

using namespace banmen::server;

// Listens, restores the stored rooms and runs the I/O threads until SIGINT or SIGTERM
// (then GracefulShutdown closes every connection within --shutdown-grace-ms).
//
// The listener accepts before the restore so that a load balancer or systemd sees the
// process alive (/healthz 200) and not yet ready (/readyz 503) while the unfinished rooms
// are read; WebSocket upgrades are refused with 503 until then. Their replays come after,
// on the room workers, while the server answers.
int run_server(Hub& hub, NetServices& net, const boost::asio::ip::address& address,
               const std::string& store) {
  boost::system::error_code ec;

  auto listener =
      std::make_shared<Listener>(net, boost::asio::ip::tcp::endpoint{address, hub.config.port}, ec);
  if (ec) {
    spdlog::error("cannot listen on {}:{}: {}", hub.config.bind, hub.config.port, ec.message());
    return 1;
  }
  listener->run();
  // Under systemd's WatchdogSec the I/O threads stamp a heartbeat between handlers, and
  // WATCHDOG=1 goes out only while all of them do (app/io_watchdog.h).
  std::unique_ptr<IoWatchdog> watchdog;
  if (auto interval = watchdog_interval_from_environment()) {
    watchdog = std::make_unique<IoWatchdog>(hub.ioc, hub.config.threads, *interval,
                                            notify_service_manager);
    spdlog::info("watchdog: WATCHDOG=1 every {} ms while every I/O thread turns",
                 interval->count());
  }
  std::vector<std::thread> threads;
  for (int i = 0; i < hub.config.threads; ++i)
    threads.emplace_back([&hub, &watchdog, i] {
      if (watchdog)
        watchdog->run_thread(i);
      else
        hub.ioc.run();
    });
  if (watchdog) watchdog->start();
  auto stop_threads = [&] {
    for (auto& t : threads) t.join();
    if (watchdog) watchdog->stop();
  };
  spdlog::info("accepting on {}:{} while the stored rooms are read (/readyz: 503 until done)",
               hub.config.bind, listener->port());

  prepare_welcome();
  // With several servers, rooms come back only when joined (on whichever server the join
  // reaches); this server first lets go of the leases of its own previous run.
  auto restored = hub.rooms.owns_rooms() ? banmen::Result<std::size_t>(std::size_t{0})
                                         : hub.rooms.restore_all();
  if (restored && hub.rooms.owns_rooms()) {
    if (auto started = hub.rooms.start_ownership(); !started) restored = started.error();
  }
  if (!restored) {
    spdlog::error("storage: cannot read unfinished games: {}", restored.error().message);
    listener->stop();
    hub.ioc.stop();
    stop_threads();
    return 1;
  }
  hub.rooms.start_sweeping();
  // SIGTERM is a graceful shutdown from before READY=1 goes out: a service manager (or a
  // script) that stops the server the moment it says ready must not find the default
  // action, which ends the process without closing anything.
  std::make_shared<GracefulShutdown>(net, [listener] { listener->stop(); })->arm();
  net.ready = true;
  notify_service_manager("READY=1");
  // The actual port (matters with --port 0) on its own line, for scripts and tests.
  spdlog::info("listening on {}:{} static={} store={} unfinished_rooms={}", hub.config.bind,
               listener->port(), hub.config.static_dir, store, *restored);
  // Their games are replayed on the room workers from now on; a player opening one that is
  // not back yet waits for that room alone (room_restore.cpp).
  hub.rooms.start_restoring();

  stop_threads();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace banmen::server;
  auto parsed = parse_config(argc, argv);
  if (!parsed.config) return parsed.exit_code;
  const Config cfg = *parsed.config;
  configure_logging(cfg.log_level, cfg.log_format);
  if (parsed.command == Command::healthcheck) {
    std::string why;
    if (server_is_alive(cfg, 3000, why)) return 0;
    std::fprintf(stderr, "unhealthy: %s\n", why.c_str());
    return 1;
  }
  if (parsed.command == Command::vapid_keys) {
    // For the environment file or the command line of the server (docs/operations.md).
    auto [public_key, private_key] = new_vapid_key_pair();
    std::printf("BANMEN_VAPID_PUBLIC_KEY=%s\nBANMEN_VAPID_PRIVATE_KEY=%s\n", public_key.c_str(),
                private_key.c_str());
    return 0;
  }
  if (parsed.command == Command::backup) {
    auto done = backup_sqlite_store(cfg, parsed.backup_file);
    if (!done) {
      spdlog::error("backup: {}", done.error().message);
      return 1;
    }
    spdlog::info("backup: {} copied to {}: {} pages, {} bytes, integrity_check ok", done->source,
                 parsed.backup_file, done->pages, done->bytes);
    return 0;
  }

  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(cfg.bind, ec);
  if (ec) {
    spdlog::error("bad --bind address '{}': {}", cfg.bind, ec.message());
    return 2;
  }
  if (std::error_code fs_ec; !std::filesystem::is_regular_file(
          std::filesystem::path(cfg.static_dir) / "index.html", fs_ec))
    spdlog::warn(
        "no index.html in --static-dir {}: the web client will not load (build it with "
        "`npm run build` in client-web, or point --static-dir at the built client)",
        cfg.static_dir);
  auto opened = open_store(cfg);
  if (!opened) {
    spdlog::error("storage: {}", opened.error().message);
    return 1;
  }
  // The io_context outlives the hub's rooms' handlers but not the hub: it is destroyed
  // explicitly below, while every object its pending handlers hold can still be released.
  auto ioc = std::make_unique<boost::asio::io_context>(cfg.threads);
  Hub hub(*ioc, cfg, std::move(opened->store));
  NetServices net(
      *ioc, hub.config, hub.metrics, *hub.store, hub.engine, hub.exports,
      [&hub](const std::shared_ptr<Peer>& peer, std::string_view text) {
        dispatch_message(hub, peer, text);
      },
      [&hub] { hub.rooms.stop(); });
  int status = run_server(hub, net, address, opened->description);
  hub.exports.stop();  // its workers read the store
  hub.workers.stop();
  hub.rooms.clear();
  // The store goes first: its committer commits what is still queued and posts the results
  // to room strands, which must still exist (they are dropped with the io_context).
  hub.store.reset();
  ioc.reset();
  spdlog::info("stopped");
  return status;
}
