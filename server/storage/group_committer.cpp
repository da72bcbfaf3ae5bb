#include "storage/group_committer.h"

namespace banmen::server {

namespace {
using Clock = std::chrono::steady_clock;
double ms_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}
}  // namespace

GroupCommitter::GroupCommitter(CommitBatch commit, Probe probe)
    : commit_(std::move(commit)), probe_(std::move(probe)) {
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
  StoreStats out = stats_;
  auto oldest = committing_since_;
  if (!queue_.empty() && (oldest == Clock::time_point{} || queue_.front().queued_at < oldest))
    oldest = queue_.front().queued_at;
  if (oldest != Clock::time_point{})
    out.oldest_wait_ms = static_cast<std::int64_t>(ms_between(oldest, Clock::now()));
  return out;
}

void GroupCommitter::run() {
  std::vector<QueuedWrite> batch;
  std::vector<Result<void>> results;
  for (;;) {
    {
      std::unique_lock lock(mu_);
      auto woken = [this] { return stopping_ || !queue_.empty(); };
      while (!woken()) {
        if (stats_.last_commit_ok || !probe_) {
          cv_.wait(lock, woken);
          break;
        }
        // The last commit failed and nothing is queued: see every second whether a commit
        // would go through now, so readiness does not wait for the next write.
        if (cv_.wait_for(lock, std::chrono::seconds(1), woken)) break;
        lock.unlock();
        const bool healthy = probe_();
        lock.lock();
        if (healthy) stats_.last_commit_ok = true;
      }
      // Stopping still commits what was queued: rooms are waiting for those writes.
      if (queue_.empty()) return;
      batch.swap(queue_);
      committing_since_ = batch.front().queued_at;
    }
    results.clear();
    const auto began = Clock::now();
    const bool committed = commit_(batch, results);
    const auto done = Clock::now();
    {
      std::lock_guard lock(mu_);
      stats_.last_commit_ok = committed;
      committing_since_ = {};
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
