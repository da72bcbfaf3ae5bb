// The server-wide bound on whole-game analyses (--analysis-queue): each analysis, queued
// or running, holds one place from its request until it is done, failed or cancelled. A
// request finding every place taken is refused at once (engine_busy), so analyses can
// neither grow memory nor crowd the computer's moves out of the engine pool.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

namespace banmen::server {

class AnalysisSlots {
 public:
  explicit AnalysisSlots(std::size_t limit) : limit_(limit) {}

  // A place, given back when the last copy of the token goes; null when all are taken.
  std::shared_ptr<void> take() {
    std::size_t n = used_.load();
    do {
      if (n >= limit_) return nullptr;
    } while (!used_.compare_exchange_weak(n, n + 1));
    // Points at the slots themselves: a null pointer would read as "no place".
    return std::shared_ptr<void>(static_cast<void*>(this), [this](void*) { used_.fetch_sub(1); });
  }
  std::size_t limit() const { return limit_; }
  std::size_t used() const { return used_.load(); }

 private:
  const std::size_t limit_;
  std::atomic<std::size_t> used_{0};
};

}  // namespace banmen::server
