// Moves the write-ahead log back into the database file on a thread of its own.
//
// SQLite's automatic checkpoint runs inside the COMMIT that crosses the threshold, on the
// writer's connection: that commit (and every room waiting for it) would wait for the pages
// to be copied and the database file to be fsynced, tens of milliseconds. Here the writer's
// WAL hook only signals, and a second connection runs PASSIVE checkpoints, which never block
// the writer: commits go on while the log is copied.
#pragma once

#include <sqlite3.h>

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace banmen::server::sqlite {

class Checkpointer {
 public:
  // Watches the WAL of `writer` (replacing its automatic checkpoints) and checkpoints the
  // database at `path` once the log holds `threshold_pages` or more.
  Checkpointer(sqlite3* writer, std::string path, int threshold_pages, int busy_timeout_ms);
  Checkpointer(const Checkpointer&) = delete;
  Checkpointer& operator=(const Checkpointer&) = delete;
  // Stops the thread; the writer's connection closing later does the final checkpoint.
  ~Checkpointer();

 private:
  static int on_commit(void* self, sqlite3* db, const char* schema, int wal_pages);
  void run();

  sqlite3* writer_;
  const std::string path_;
  const int threshold_pages_;
  const int busy_timeout_ms_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool wanted_ = false;
  bool stopping_ = false;
  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace banmen::server::sqlite
