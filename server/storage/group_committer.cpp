#include "storage/group_committer.h"

namespace banmen::server {

namespace {
using Clock = std::chrono::steady_clock;
double ms_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}
}  // namespace

GroupCommitter::GroupCommitter(CommitBatch commit) : commit_(std::move(commit)) {
  thread_ = std::thread([this] { run(); });
}

GroupCommitter::~GroupCommitter() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_one();
  thread_.join();
}

void GroupCommitter::submit(QueuedWrite w) {
  {
    std::lock_guard lock(mu_);
    queue_.push_back(std::move(w));
  }
  cv_.notify_one();
}

StoreStats GroupCommitter::stats() const {
  std::lock_guard lock(mu_);
  return stats_;
}

void GroupCommitter::run() {
  std::vector<QueuedWrite> batch;
  std::vector<Result<void>> results;
  for (;;) {
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      // Stopping still commits what was queued: rooms are waiting for those writes.
      if (queue_.empty()) return;
      batch.swap(queue_);
    }
    results.clear();
    const auto began = Clock::now();
    const bool committed = commit_(batch, results);
    const auto done = Clock::now();
    {
      std::lock_guard lock(mu_);
      stats_.last_commit_ok = committed;
      stats_.transactions++;
      stats_.writes += batch.size();
      stats_.commit_ms.add(ms_between(began, done));
      for (const auto& queued : batch) stats_.write_ms.add(ms_between(queued.queued_at, done));
    }
    for (std::size_t i = 0; i < batch.size(); ++i) batch[i].committed(std::move(results[i]));
    batch.clear();
  }
}

}  // namespace banmen::server
