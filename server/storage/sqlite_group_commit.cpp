// SqliteStore's group commit (the queue and thread are GroupCommitter's): each batch is one
// transaction and one fsync, and each caller is told its own write's result.
#include <chrono>
#include <optional>

#include "storage/sqlite_store.h"

namespace banmen::server {

SqliteStore::SqliteStore(std::unique_ptr<sqlite::Connection> db)
    : db_(std::move(db)),
      committer_([this](const std::vector<QueuedWrite>& batch, std::vector<Result<void>>& results) {
        return commit_batch(batch, results);
      }) {}

SqliteStore::~SqliteStore() = default;

void SqliteStore::submit(StoreWrite w, Committed committed) {
  committer_.submit(
      QueuedWrite{std::move(w), std::move(committed), std::chrono::steady_clock::now()});
}

StoreStats SqliteStore::stats() const {
  return committer_.stats();
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
