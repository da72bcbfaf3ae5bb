// The write queue and committer thread that every store with group commit shares: submit()
// queues a write; one thread takes everything queued, hands it to the store's own
// commit function as one batch, records the commit in StoreStats and tells each caller its
// write's result. What a batch means (one SQLite transaction, one PostgreSQL pipeline) is
// the store's business.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "storage/store.h"

namespace banmen::server {

struct QueuedWrite {
  StoreWrite write;
  Store::Committed committed;
  std::chrono::steady_clock::time_point queued_at;
  std::int64_t epoch = 0;  // the room's lease when submitted (fenced stores); 0: none
};

class GroupCommitter {
 public:
  // Writes `batch` as one unit and fills one result per write; false when the batch as a
  // whole failed (reported by /readyz through StoreStats::last_commit_ok).
  using CommitBatch = std::function<bool(const std::vector<QueuedWrite>& batch,
                                         std::vector<Result<void>>& results)>;

  // Asks the store, with nothing queued, whether a commit would go through now (PostgreSQL:
  // reconnect and SELECT 1): after a failed commit it is tried every second, so readiness
  // comes back by itself on a server that has nothing to write. Runs on the thread.
  using Probe = std::function<bool()>;

  // Starts the thread: construct it after everything `commit` uses (a store's last member).
  explicit GroupCommitter(CommitBatch commit, Probe probe = {});
  // Commits what is still queued (rooms wait for those writes), then stops the thread.
  ~GroupCommitter();
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  void submit(QueuedWrite w);
  StoreStats stats() const;

 private:
  void run();

  CommitBatch commit_;
  Probe probe_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<QueuedWrite> queue_;
  // The oldest write of the batch being committed (epoch when none is): with queue_'s
  // front, what StoreStats::oldest_wait_ms measures.
  std::chrono::steady_clock::time_point committing_since_{};
  bool stopping_ = false;
  StoreStats stats_;    // guarded by mu_
  std::thread thread_;  // last: starts after everything it uses exists
};

}  // namespace banmen::server
