#include "storage/sqlite_checkpointer.h"

namespace banmen::server::sqlite {

Checkpointer::Checkpointer(sqlite3* writer, std::string path, int threshold_pages,
                           int busy_timeout_ms)
    : writer_(writer),
      path_(std::move(path)),
      threshold_pages_(threshold_pages),
      busy_timeout_ms_(busy_timeout_ms) {
  thread_ = std::thread([this] { run(); });
  // Replaces the automatic checkpoint, which is itself a WAL hook.
  sqlite3_wal_hook(writer_, &Checkpointer::on_commit, this);
}

Checkpointer::~Checkpointer() {
  sqlite3_wal_hook(writer_, nullptr, nullptr);
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_one();
  thread_.join();
}

int Checkpointer::on_commit(void* self, sqlite3*, const char*, int wal_pages) {
  auto* me = static_cast<Checkpointer*>(self);
  if (wal_pages >= me->threshold_pages_) {
    {
      std::lock_guard lock(me->mu_);
      me->wanted_ = true;
    }
    me->cv_.notify_one();
  }
  return SQLITE_OK;
}

void Checkpointer::run() {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) !=
      SQLITE_OK) {
    // Without a second connection nothing is checkpointed until the writer closes; the log
    // grows but nothing is lost. (Opening the same file just worked for the writer.)
    sqlite3_close(db);
    db = nullptr;
  }
  if (db) {
    sqlite3_busy_timeout(db, busy_timeout_ms_);
    // A new connection learns that the file is in WAL mode only by reading it; until then
    // a checkpoint would do nothing.
    sqlite3_exec(db, "PRAGMA journal_mode", nullptr, nullptr, nullptr);
  }
  for (;;) {
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [this] { return stopping_ || wanted_; });
      if (stopping_) break;
      wanted_ = false;
    }
    // PASSIVE: copies what it can without waiting for (or blocking) the writer or readers.
    if (db) sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
  }
  sqlite3_close(db);
}

}  // namespace banmen::server::sqlite
