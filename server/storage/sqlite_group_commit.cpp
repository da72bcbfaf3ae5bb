// The committer thread of SqliteStore: writes queued by submit() are committed in batches,
// one transaction and one fsync per batch, and each caller is told its own write's result.
#include <chrono>
#include <optional>

#include "storage/sqlite_store.h"

namespace banmen::server {

namespace {
using Clock = std::chrono::steady_clock;
double ms_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}
}  // namespace

SqliteStore::SqliteStore(std::unique_ptr<sqlite::Connection> db) : db_(std::move(db)) {
  committer_ = std::thread([this] { run_committer(); });
}

SqliteStore::~SqliteStore() {
  {
    std::lock_guard lock(queue_mu_);
    stopping_ = true;
  }
  queue_cv_.notify_one();
  committer_.join();
}

void SqliteStore::submit(StoreWrite w, Committed committed) {
  {
    std::lock_guard lock(queue_mu_);
    queue_.push_back(QueuedWrite{std::move(w), std::move(committed), Clock::now()});
  }
  queue_cv_.notify_one();
}

StoreStats SqliteStore::stats() const {
  std::lock_guard lock(queue_mu_);
  return stats_;
}

void SqliteStore::run_committer() {
  std::vector<QueuedWrite> batch;
  std::vector<Result<void>> results;
  for (;;) {
    {
      std::unique_lock lock(queue_mu_);
      queue_cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      // Stopping still commits what was queued: rooms are waiting for those writes.
      if (queue_.empty()) return;
      batch.swap(queue_);
    }
    results.clear();
    const auto began = Clock::now();
    const bool committed = commit_batch(batch, results);
    const auto done = Clock::now();
    {
      std::lock_guard lock(queue_mu_);
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

bool SqliteStore::commit_batch(const std::vector<QueuedWrite>& batch,
                               std::vector<Result<void>>& results) {
  std::lock_guard lock(mu_);
  sqlite::Transaction tx(*db_);
  if (auto r = tx.begin(); !r) {
    results.assign(batch.size(), r);
    return false;
  }
  // A write refused on its own (a move out of sequence, a game already over) leaves the
  // others in the batch untouched: SQLite undoes just that statement. Some errors (disk full, I/O)
  // roll back the whole transaction instead; then no write of this batch is stored and all of them
  // fail.
  std::optional<Error> lost;
  for (const auto& queued : batch) {
    if (lost) {
      results.emplace_back(*lost);
      continue;
    }
    auto r = std::visit([this](const auto& x) { return apply(x); }, queued.write);
    if (!r && sqlite3_get_autocommit(db_->handle()) != 0) {
      lost = r.error();
      for (auto& earlier : results) earlier = *lost;
    }
    results.push_back(std::move(r));
  }
  if (lost) return false;
  if (auto r = tx.commit(); !r) {
    for (auto& each : results)
      if (each) each = r;
    return false;
  }
  return true;
}

}  // namespace banmen::server
