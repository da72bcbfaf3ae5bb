#include "app/alive_marker.h"

#include <spdlog/spdlog.h>

#include <chrono>

#include "util/time.h"

namespace banmen::server {

AliveMarker::AliveMarker(Store& store, const std::atomic<std::int64_t>& games,
                         std::int64_t interval_ms)
    : store_(store), games_(games), interval_ms_(interval_ms), thread_([this] { loop(); }) {}

void AliveMarker::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  // The rooms are gone by now, their games with them: the last mark is written if any was.
  if (marks_ > 0) mark();
}

void AliveMarker::loop() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    wake_.wait_for(lock, std::chrono::milliseconds(interval_ms_), [this] { return stopping_; });
    if (stopping_ || games_.load() <= 0) continue;
    lock.unlock();
    mark();
    lock.lock();
  }
}

void AliveMarker::mark() {
  if (auto r = store_.mark_alive(unix_ms()); !r) {
    // The next mark tries again; a restart meanwhile charges the time since the last one.
    spdlog::warn("alive mark not written: {}", r.error().message);
    return;
  }
  ++marks_;
}

}  // namespace banmen::server
