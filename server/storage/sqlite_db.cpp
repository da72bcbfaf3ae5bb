#include "storage/sqlite_db.h"

#include "storage/store.h"

namespace banmen::server::sqlite {

Error failure(sqlite3* db, std::string_view what) {
  std::string message(what);
  if (db) {
    message += ": ";
    message += sqlite3_errmsg(db);
    message += " (code " + std::to_string(sqlite3_extended_errcode(db)) + ")";
  }
  return make_error(storage_error, std::move(message));
}

// --- Statement ------------------------------------------------------------------------

Statement::~Statement() {
  sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int index, std::int64_t value) {
  int rc = sqlite3_bind_int64(stmt_, index, value);
  if (bind_rc_ == SQLITE_OK) bind_rc_ = rc;
  return *this;
}

Statement& Statement::bind(int index, double value) {
  int rc = sqlite3_bind_double(stmt_, index, value);
  if (bind_rc_ == SQLITE_OK) bind_rc_ = rc;
  return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
  // SQLITE_TRANSIENT: SQLite copies the text, so the caller's buffer may go away at once.
  int rc =
      sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  if (bind_rc_ == SQLITE_OK) bind_rc_ = rc;
  return *this;
}

Statement& Statement::bind_null(int index) {
  int rc = sqlite3_bind_null(stmt_, index);
  if (bind_rc_ == SQLITE_OK) bind_rc_ = rc;
  return *this;
}

Result<bool> Statement::step() {
  if (bind_rc_ != SQLITE_OK) return failure(db_, "binding a parameter");
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  return failure(db_, sqlite3_sql(stmt_));
}

Result<void> Statement::run() {
  for (;;) {
    auto row = step();
    if (!row) return row.error();
    if (!*row) return ok();
  }
}

std::int64_t Statement::int64(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

double Statement::real(int column) const {
  return sqlite3_column_double(stmt_, column);
}

std::string Statement::text(int column) const {
  const auto* p = sqlite3_column_text(stmt_, column);
  int n = sqlite3_column_bytes(stmt_, column);
  return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n))
           : std::string();
}

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  bind_rc_ = SQLITE_OK;
}

// --- Connection -----------------------------------------------------------------------

Result<std::unique_ptr<Connection>> Connection::open(const std::string& path, bool create) {
  sqlite3* db = nullptr;
  // NOMUTEX: the store serialises every call itself; SQLite's own mutex would be redundant.
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
  int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    Error e = failure(db, "opening " + path);
    sqlite3_close(db);
    return e;
  }
  sqlite3_extended_result_codes(db, 1);
  return std::unique_ptr<Connection>(new Connection(db));
}

Connection::~Connection() {
  statements_.clear();  // finalize every statement before closing
  sqlite3_close(db_);
}

Result<void> Connection::exec(std::string_view sql) {
  std::string text(sql);
  if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
    return failure(db_, text);
  return ok();
}

Result<Statement*> Connection::cached(std::string_view sql) {
  std::string key(sql);
  if (auto it = statements_.find(key); it != statements_.end()) return it->second.get();
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v3(db_, key.data(), static_cast<int>(key.size()),
                              SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt);
    return failure(db_, "preparing " + key);
  }
  auto owned = std::make_unique<Statement>(db_, stmt);
  auto* raw = owned.get();
  statements_.emplace(std::move(key), std::move(owned));
  return raw;
}

Result<std::int64_t> Connection::query_int(std::string_view sql) {
  auto stmt = cached(sql);
  if (!stmt) return stmt.error();
  Reset reset(**stmt);
  auto row = (*stmt)->step();
  if (!row) return row.error();
  if (!*row) return make_error(storage_error, "no value from " + std::string(sql));
  return (*stmt)->int64(0);
}

// --- Transaction ----------------------------------------------------------------------

Transaction::~Transaction() {
  if (open_) (void)c_.exec("ROLLBACK");
}

Result<void> Transaction::begin() {
  // IMMEDIATE takes the write lock now, so a busy database fails here, not halfway through.
  auto r = c_.exec("BEGIN IMMEDIATE");
  open_ = r.ok();
  return r;
}

Result<void> Transaction::commit() {
  auto r = c_.exec("COMMIT");
  if (r) open_ = false;
  return r;
}

}  // namespace banmen::server::sqlite
