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

  // Starts the thread: construct it after everything `commit` uses (a store's last member).
  explicit GroupCommitter(CommitBatch commit);
  // Commits what is still queued (rooms wait for those writes), then stops the thread.
  ~GroupCommitter();
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  void submit(QueuedWrite w);
  StoreStats stats() const;

 private:
  void run();

  CommitBatch commit_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<QueuedWrite> queue_;
  bool stopping_ = false;
  StoreStats stats_;    // guarded by mu_
  std::thread thread_;  // last: starts after everything it uses exists
};

}  // namespace banmen::server
