// The embedded default store: one SQLite file under --data-dir, in WAL mode.
//
// Durability. Every write is committed before its caller hears of it, and rooms answer and
// broadcast only after that, so what a client saw acknowledged is on disk:
//  - synchronous=FULL (default): each commit waits for fsync of the write-ahead log. An
//    acknowledged move survives a crash of the process AND a power cut or kernel panic.
//  - synchronous=NORMAL: a commit is written to the log but fsync happens only at
//    checkpoints. An acknowledged move survives a crash of the process (kill -9: the OS
//    still holds the write), but the last moves may be lost if the machine itself loses
//    power. Faster on slow disks; never the default.
//
// Group commit. submit() queues the write for the store's own committer thread, which
// writes everything queued into one transaction and fsyncs once, then reports each write's
// result. While one commit waits for the disk, the next batch gathers: under load a single
// fsync covers the moves of hundreds of rooms, and an idle server commits a lone move at
// once (there is no timer that waits for company).
//
// Threads. Rooms submit from their own strands on several threads; only the committer
// writes, on the writer's connection (SQLite allows one writer at a time anyway). Exports
// read through a connection of their own.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "storage/group_committer.h"
#include "storage/series_reads.h"
#include "storage/sqlite_checkpointer.h"
#include "storage/sqlite_db.h"
#include "storage/store.h"

namespace banmen::server {

struct SqliteOptions {
  std::string path;  // the database file; ":memory:" for a private in-memory one
  bool synchronous_full = true;
  int busy_timeout_ms = 5000;  // another process (a backup) holding the lock: wait this long
  std::int64_t max_bytes = 0;  // refuse writes beyond this size (0: until the disk is full)
  // Every live game appends to its own page of the moves table, so thousands of games
  // keep thousands of pages hot; SQLite's default 2 MiB cache re-read them from the file
  // at every commit. The page cache only grows to this as pages are used.
  int cache_kib = 64 * 1024;
  // The log is copied back into the database file once it holds this many pages (SQLite's
  // own default, about 4 MiB). 8000 showed no clear gain (docs/performance.md).
  int checkpoint_pages = 1000;
};

class SqliteStore final : public Store {
 public:
  // Opens or creates the database and brings its schema up to date. Fails (with a message
  // for the operator) when the file cannot be opened or is newer than this binary.
  static Result<std::unique_ptr<SqliteStore>> open(const SqliteOptions& options);
  // Commits what is still queued, then stops the committer thread.
  ~SqliteStore() override;

  BANMEN_STORE_OVERRIDES
  StoreStats stats() const override;

 private:
  template <class>
  friend struct SeriesReads;  // the series assembly over this store's row readers
  explicit SqliteStore(std::unique_ptr<sqlite::Connection> db);
  // One write each, as a single statement, inside a group commit's transaction; the
  // caller holds mu_.
  BANMEN_STORE_WRITE_KINDS(BANMEN_STORE_APPLY)
  // Moves the room's last activity (rooms.last_active_ms) forward to `ms`.
  Result<void> touch(const std::string& room_id, std::int64_t ms);

  // sqlite_group_commit.cpp
  // Writes `batch` in one transaction; fills one result per move.
  // False when the transaction as a whole failed (begin, a lost batch, or commit).
  bool commit_batch(const std::vector<QueuedWrite>& batch, std::vector<Result<void>>& results);

  // sqlite_store_reads.cpp. Each reads through `db`: the writer's connection (at start, or
  // for ":memory:") or the readers' own.
  BANMEN_SERIES_ROW_READERS(sqlite::Connection)
  // Runs `read` on the readers' connection inside one read transaction (one consistent
  // snapshot: WAL lets it proceed while the committer writes), else on the writer's.
  template <class Read>
  auto with_reader(Read&& read) -> decltype(read(std::declval<sqlite::Connection&>()));

  std::mutex mu_;
  // The owner of the clock and alive marks this process writes (this_process_owner()).
  const std::string owner_ = this_process_owner("");
  std::unique_ptr<sqlite::Connection> db_;
  // Exports and listings read here, never waiting for a commit (none for ":memory:").
  std::mutex reader_mu_;
  std::unique_ptr<sqlite::Connection> reader_;
  std::unique_ptr<sqlite::Checkpointer> checkpointer_;  // none for ":memory:"

  GroupCommitter committer_;  // last: its thread starts after everything it uses exists
};

}  // namespace banmen::server
