// A thin RAII layer over the SQLite C API: one connection and its prepared statements.
// Every failure becomes a storage_error with SQLite's own message, so callers never see a
// raw result code and never forget to finalize or reset a statement.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/result.h"

namespace banmen::server::sqlite {

// One prepared statement. Binds are 1-based like SQLite's, columns 0-based. A statement is
// reset (and its bindings cleared) by Reset, so a cached statement is always ready to use.
class Statement {
 public:
  Statement(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();

  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view value);
  Statement& bind_null(int index);

  // Advances one row: true when a row is available, false when done.
  Result<bool> step();
  // Runs a statement that returns no rows (or whose rows do not matter) to the end.
  Result<void> run();

  std::int64_t int64(int column) const;
  int int32(int column) const { return static_cast<int>(int64(column)); }
  double real(int column) const;
  std::string text(int column) const;
  bool is_null(int column) const;
  // An integer column read as a flag (SQLite has no boolean type): not 0.
  bool boolean(int column) const { return int64(column) != 0; }

  void reset();

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_;
  int bind_rc_ = SQLITE_OK;  // the first failed bind, reported by step()
};

// Resets a statement when the scope that used it ends, whatever path it leaves by.
class Reset {
 public:
  explicit Reset(Statement& s) : s_(s) {}
  Reset(const Reset&) = delete;
  Reset& operator=(const Reset&) = delete;
  ~Reset() { s_.reset(); }

 private:
  Statement& s_;
};

class Connection {
 public:
  // Opens (creating if `create`) the database file at `path`; ":memory:" for a private one.
  static Result<std::unique_ptr<Connection>> open(const std::string& path, bool create);
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection();

  // Runs one or more SQL statements that return nothing of interest.
  Result<void> exec(std::string_view sql);
  // The statement for `sql`, prepared once and kept for the connection's lifetime.
  Result<Statement*> cached(std::string_view sql);
  // Reads a single integer (e.g. a PRAGMA's value).
  Result<std::int64_t> query_int(std::string_view sql);
  // Rows changed by the last INSERT, UPDATE or DELETE.
  int changes() const { return sqlite3_changes(db_); }
  sqlite3* handle() { return db_; }

 private:
  explicit Connection(sqlite3* db) : db_(db) {}
  sqlite3* db_;
  std::unordered_map<std::string, std::unique_ptr<Statement>> statements_;
};

// A storage_error saying what was being done and what SQLite answered.
Error failure(sqlite3* db, std::string_view what);

// BEGIN IMMEDIATE ... COMMIT, rolled back if the scope ends without commit().
class Transaction {
 public:
  explicit Transaction(Connection& c) : c_(c) {}
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();
  Result<void> begin();
  Result<void> commit();

 private:
  Connection& c_;
  bool open_ = false;
};

}  // namespace banmen::server::sqlite
