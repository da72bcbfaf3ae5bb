#include "engine/engine_pool.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>

namespace banmen::server {

namespace {
// Linux keeps a nice value per thread: PRIO_PROCESS with a thread id reads and sets this
// thread's only (a new thread starts with its creator's). Raising one's own nice needs no
// privilege; a failure leaves the priority as it was, still correct, only less kind to the
// rest of the process.
void lower_this_threads_priority(int by) {
  const auto self = static_cast<id_t>(gettid());
  (void)setpriority(PRIO_PROCESS, self, std::min(getpriority(PRIO_PROCESS, self) + by, 19));
}
}  // namespace

EnginePool::EnginePool(int threads, std::size_t queue_limit) : queue_limit_(queue_limit) {
  const int n = std::max(threads, 1);
  threads_.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) threads_.emplace_back([this] { work(); });
}

EnginePool::~EnginePool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (auto& e : queue_) e.handle->cancel();
    for (auto& h : running_) h->cancel();
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

std::shared_ptr<EnginePool::Handle> EnginePool::submit(Task task) {
  auto handle = std::make_shared<Handle>();
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= queue_limit_) {
      ++stats_.rejected;
      return nullptr;
    }
    queue_.push_back({std::move(task), handle});
    ++stats_.accepted;
  }
  wake_.notify_one();
  return handle;
}

EnginePool::Stats EnginePool::stats() const {
  std::lock_guard lock(mutex_);
  Stats s = stats_;
  s.queued = queue_.size();
  s.running = running_.size();
  return s;
}

void EnginePool::work() {
  lower_this_threads_priority(kWorkerNice);
  for (;;) {
    Entry entry;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      // On shutdown the queue is still drained: every accepted task runs once (with its
      // stop flag set, so it ends at once).
      if (queue_.empty()) return;
      entry = std::move(queue_.front());
      queue_.pop_front();
      if (stopping_) entry.handle->cancel();
      running_.push_back(entry.handle);
    }
    entry.task(entry.handle->stop_);
    std::lock_guard lock(mutex_);
    running_.erase(std::find(running_.begin(), running_.end(), entry.handle));
    ++stats_.completed;
  }
}

}  // namespace banmen::server
