#include "app/backup_command.h"

#include <sqlite3.h>

#include <filesystem>
#include <memory>

namespace banmen::server {

namespace {

constexpr const char* kFailed = "backup_failed";

struct CloseDb {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using Db = std::unique_ptr<sqlite3, CloseDb>;

Result<Db> open_db(const std::string& path, int flags) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
  Db db(raw);
  if (rc != SQLITE_OK)
    return make_error(
        kFailed, "cannot open " + path + ": " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
  // The live server may hold the write lock for a moment (a group commit): wait for it.
  sqlite3_busy_timeout(db.get(), 10000);
  return db;
}

Result<void> exec(sqlite3* db, const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK) return {};
  std::string text = message ? message : sqlite3_errmsg(db);
  sqlite3_free(message);
  return make_error(kFailed, std::string(sql) + ": " + text);
}

// "ok", or the first problem integrity_check reports.
Result<std::string> integrity_check(sqlite3* db) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &raw, nullptr) != SQLITE_OK)
    return make_error(kFailed, std::string("integrity_check: ") + sqlite3_errmsg(db));
  std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> stmt(raw, sqlite3_finalize);
  if (sqlite3_step(raw) != SQLITE_ROW)
    return make_error(kFailed, std::string("integrity_check: ") + sqlite3_errmsg(db));
  const auto* text = sqlite3_column_text(raw, 0);
  return std::string(text ? reinterpret_cast<const char*>(text) : "");
}

Result<BackupSummary> copy(const std::string& source, const std::string& file) {
  auto from = open_db(source, SQLITE_OPEN_READWRITE);
  if (!from) return from.error();
  auto to = open_db(file, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (!to) return to.error();
  sqlite3_backup* backup = sqlite3_backup_init(to->get(), "main", from->get(), "main");
  if (!backup) return make_error(kFailed, std::string("backup: ") + sqlite3_errmsg(to->get()));
  // Every page in one step: one read transaction on the source, so the copy is one
  // consistent snapshot, however busy the server. Under WAL the server's writers are not
  // held up by it (only a checkpoint waits to restart the log until it ends); with a
  // step of a few pages at a time, each commit of the server would restart the copy.
  int rc = SQLITE_OK;
  for (int tries = 0; tries < 100; ++tries) {
    rc = sqlite3_backup_step(backup, -1);
    if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED) break;
    sqlite3_sleep(100);
  }
  BackupSummary summary{source, sqlite3_backup_pagecount(backup), 0};
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) return make_error(kFailed, std::string("backup: ") + sqlite3_errstr(rc));
  // The copy keeps the source's WAL mode in its header; a backup is better one file that
  // opens anywhere (even read-only media) without a -wal and -shm beside it.
  if (auto r = exec(to->get(), "PRAGMA journal_mode=DELETE"); !r) return r.error();
  auto check = integrity_check(to->get());
  if (!check) return check.error();
  if (*check != "ok") return make_error(kFailed, "the copy fails integrity_check: " + *check);
  return summary;
}

}  // namespace

Result<BackupSummary> backup_sqlite_store(const Config& config, const std::string& file) {
  namespace fs = std::filesystem;
  if (config.store != "sqlite")
    return make_error(kFailed, "backup copies the SQLite store; this server's store is " +
                                   config.store +
                                   (config.store == "postgres" ? " (use pg_dump)" : ""));
  const fs::path source = fs::path(config.data_dir.empty() ? "." : config.data_dir) / "banmen.db";
  std::error_code ec;
  if (!fs::is_regular_file(source, ec))
    return make_error(kFailed, "no database at " + source.string() + " (see --data-dir)");
  if (file.empty() || fs::exists(file, ec))
    return make_error(kFailed, file.empty() ? std::string("no FILE given")
                                            : file + " exists: a backup never overwrites");
  auto done = copy(source.string(), file);
  if (!done) {
    fs::remove(file, ec);  // a copy that failed is not left to be mistaken for a backup
    fs::remove(file + "-journal", ec);
    return done.error();
  }
  done->bytes = static_cast<long long>(fs::file_size(file, ec));
  return done;
}

}  // namespace banmen::server
