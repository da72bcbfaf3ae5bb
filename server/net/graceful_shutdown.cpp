#include "net/graceful_shutdown.h"

#include <spdlog/spdlog.h>

#include <boost/asio/strand.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include "app/service_notify.h"
#include "net/net_services.h"

namespace banmen::server {

namespace net = boost::asio;

namespace {
constexpr auto kPoll = std::chrono::milliseconds(20);
// The store is settled when its committed-write count has not moved for this many polls.
constexpr int kStablePolls = 3;
// How long a client has to answer our close frame. The frame itself goes out at once; a
// client that does not read (or a test that holds its socket) must not hold the process
// for the whole grace.
constexpr auto kCloseHandshake = std::chrono::milliseconds(1000);
}  // namespace

GracefulShutdown::GracefulShutdown(NetServices& services, std::function<void()> stop_accepting)
    : services_(services),
      stop_accepting_(std::move(stop_accepting)),
      signals_(services.ioc, SIGINT, SIGTERM),
      timer_(signals_.get_executor()) {}

void GracefulShutdown::arm() {
  signals_.async_wait([self = shared_from_this()](const boost::system::error_code& ec, int sig) {
    if (ec) return;
    if (self->begun_) {
      spdlog::warn("signal {} again: stopping now", sig);
      return self->finish();
    }
    self->begin(sig);
    self->arm();  // a second signal cuts the grace short
  });
}

void GracefulShutdown::begin(int signal) {
  begun_ = true;
  services_.ready = false;  // a load balancer's /readyz probe stops sending new players here
  notify_service_manager("STOPPING=1");
  deadline_ = Clock::now() + std::chrono::milliseconds(services_.config.shutdown_grace_ms);
  spdlog::info("signal {}: shutting down (grace {} ms, {} connections open)", signal,
               services_.config.shutdown_grace_ms, services_.metrics.connections_open.load());
  stop_accepting_();
  settle_store(services_.store.stats().writes, 0);
}

// Writes already queued commit and their events go out to the players while the sockets
// are still open. Half of the grace at most: closing needs the rest.
void GracefulShutdown::settle_store(std::uint64_t last_writes, int stable_polls) {
  const auto writes = services_.store.stats().writes;
  stable_polls = writes == last_writes ? stable_polls + 1 : 0;
  const auto half = std::chrono::milliseconds(services_.config.shutdown_grace_ms / 2);
  if (stable_polls >= kStablePolls || Clock::now() >= deadline_ - half) return close_sockets();
  timer_.expires_after(kPoll);
  timer_.async_wait(
      [self = shared_from_this(), writes, stable_polls](boost::system::error_code ec) {
        if (!ec) self->settle_store(writes, stable_polls);
      });
}

void GracefulShutdown::close_sockets() {
  if (finished_) return;
  deadline_ = std::min(deadline_, Clock::now() + kCloseHandshake);
  services_.sessions.close_all(
      static_cast<std::uint16_t>(boost::beast::websocket::close_code::going_away),
      "server restarting");
  wait_closed();
}

void GracefulShutdown::wait_closed() {
  if (finished_) return;
  if (services_.metrics.connections_open.load() <= 0 || Clock::now() >= deadline_) {
    if (services_.metrics.connections_open.load() > 0)
      spdlog::warn("shutdown: {} connections still open after the grace period",
                   services_.metrics.connections_open.load());
    return finish();
  }
  timer_.expires_after(kPoll);
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->wait_closed();
  });
}

void GracefulShutdown::finish() {
  if (finished_) return;
  finished_ = true;
  timer_.cancel();
  signals_.cancel();
  services_.stop_rooms();
  services_.ioc.stop();
}

}  // namespace banmen::server
