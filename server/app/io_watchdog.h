// systemd's watchdog (WatchdogSec=): WATCHDOG=1 is sent only while every I/O thread keeps
// coming back to the io_context. Each thread runs handlers one at a time and stamps its
// own heartbeat between them (and at least every few hundred ms when idle); a thread stuck
// in a handler (a deadlock, an endless loop, a blocking call) stops stamping, the pings
// stop, and systemd restarts the server after WatchdogSec. A timer on the io_context would
// not do: it keeps firing on the healthy threads while one is stuck.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>

namespace banmen::server {

// The ping period systemd asks for: half of $WATCHDOG_USEC, when it is set and
// $WATCHDOG_PID (if set) is this process; otherwise none (the watchdog is off).
std::optional<std::chrono::milliseconds> watchdog_interval_from_environment();

class IoWatchdog {
 public:
  using Send = std::function<bool(std::string_view)>;
  // `threads` I/O threads will call run_thread(i) for i in [0, threads). Every `interval`
  // the watchdog sends WATCHDOG=1 through `send` if each thread came back to the
  // io_context within the last `interval`.
  IoWatchdog(boost::asio::io_context& ioc, int threads, std::chrono::milliseconds interval,
             Send send);
  ~IoWatchdog();
  IoWatchdog(const IoWatchdog&) = delete;
  IoWatchdog& operator=(const IoWatchdog&) = delete;

  // The body of I/O thread `index` (in place of ioc.run()): returns when the io_context
  // stops or runs out of work.
  void run_thread(int index);
  // Starts and stops the thread that checks and pings.
  void start();
  void stop();

  std::uint64_t pings_sent() const { return sent_.load(); }
  std::uint64_t pings_withheld() const { return withheld_.load(); }

 private:
  using Clock = std::chrono::steady_clock;
  void check_loop();
  std::int64_t now_ms() const;

  boost::asio::io_context& ioc_;
  std::chrono::milliseconds interval_;
  Send send_;
  std::unique_ptr<std::atomic<std::int64_t>[]> beats_;  // per thread: ms since start_
  int threads_;
  Clock::time_point start_ = Clock::now();
  std::atomic<std::uint64_t> sent_{0}, withheld_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread checker_;
};

}  // namespace banmen::server
