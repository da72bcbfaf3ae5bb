// What SIGTERM and SIGINT do: stop accepting, let the store commit what is queued so its
// events reach the players, close every WebSocket with 1001 (going away), and once they are
// closed (or --shutdown-grace-ms has passed, or 1 s after the close frames went out) stop
// the rooms and the I/O threads. A second signal stops at once. main() then commits anything still
// queued before it exits 0.
#pragma once

#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>

namespace banmen::server {

struct NetServices;

class GracefulShutdown : public std::enable_shared_from_this<GracefulShutdown> {
 public:
  // `stop_accepting` closes the listener.
  GracefulShutdown(NetServices& services, std::function<void()> stop_accepting);
  void arm();  // waits for the signals

 private:
  using Clock = std::chrono::steady_clock;
  void begin(int signal);
  void settle_store(std::uint64_t last_writes, int stable_polls);
  void close_sockets();
  void wait_closed();
  void finish();

  NetServices& services_;
  std::function<void()> stop_accepting_;
  boost::asio::signal_set signals_;
  boost::asio::steady_timer timer_;
  Clock::time_point deadline_;
  bool begun_ = false;
  bool finished_ = false;
};

}  // namespace banmen::server
