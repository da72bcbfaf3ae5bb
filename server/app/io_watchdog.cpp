#include "app/io_watchdog.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace banmen::server {

std::optional<std::chrono::milliseconds> watchdog_interval_from_environment() {
  const char* usec = std::getenv("WATCHDOG_USEC");
  if (!usec || !*usec) return std::nullopt;
  // The variables are inherited by children; only the process systemd meant may ping.
  if (const char* pid = std::getenv("WATCHDOG_PID"); pid && *pid) {
    char* end = nullptr;
    const long long p = std::strtoll(pid, &end, 10);
    if (*end != '\0' || p != static_cast<long long>(::getpid())) return std::nullopt;
  }
  char* end = nullptr;
  const unsigned long long us = std::strtoull(usec, &end, 10);
  if (*end != '\0' || us == 0) return std::nullopt;
  // Half the period, as systemd advises, and never below 10 ms.
  return std::chrono::milliseconds(std::max<unsigned long long>(us / 2000, 10));
}

IoWatchdog::IoWatchdog(boost::asio::io_context& ioc, int threads,
                       std::chrono::milliseconds interval, Send send)
    : ioc_(ioc),
      interval_(interval),
      send_(std::move(send)),
      beats_(new std::atomic<std::int64_t>[static_cast<std::size_t>(std::max(threads, 1))]),
      threads_(std::max(threads, 1)) {
  for (int i = 0; i < threads_; ++i) beats_[i].store(0);
}

IoWatchdog::~IoWatchdog() {
  stop();
}

std::int64_t IoWatchdog::now_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
}

void IoWatchdog::run_thread(int index) {
  auto& beat = beats_[static_cast<std::size_t>(std::clamp(index, 0, threads_ - 1))];
  // An idle thread waits at most a quarter of the period before it stamps again.
  const auto idle = std::max(interval_ / 4, std::chrono::milliseconds(1));
  beat.store(now_ms());
  while (!ioc_.stopped()) {
    ioc_.run_one_for(idle);
    beat.store(now_ms());
  }
}

void IoWatchdog::start() {
  std::lock_guard lock(mutex_);
  if (checker_.joinable()) return;
  stopping_ = false;
  checker_ = std::thread([this] { check_loop(); });
}

void IoWatchdog::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (checker_.joinable()) checker_.join();
}

void IoWatchdog::check_loop() {
  bool was_stuck = false;
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
    const std::int64_t now = now_ms();
    int stuck = -1;
    for (int i = 0; i < threads_ && stuck < 0; ++i)
      if (now - beats_[i].load() > interval_.count()) stuck = i;
    if (stuck < 0) {
      if (send_("WATCHDOG=1")) sent_++;
      if (was_stuck) spdlog::info("watchdog: every I/O thread turns again; pinging");
      was_stuck = false;
      continue;
    }
    withheld_++;
    if (!was_stuck)
      spdlog::error(
          "watchdog: I/O thread {} has not come back for {} ms: no WATCHDOG=1 until it does "
          "(systemd restarts the server after WatchdogSec)",
          stuck, now - beats_[stuck].load());
    was_stuck = true;
  }
}

}  // namespace banmen::server
