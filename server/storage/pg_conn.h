// A thin RAII layer over libpq: one connection, its results, and text parameters. Every
// failure becomes a storage_error with PostgreSQL's own message (and SQLSTATE), so callers
// never see a raw PGresult or forget to clear one.
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace banmen::server::pg {

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using ResultPtr = std::unique_ptr<PGresult, ResultDeleter>;

// Parameters of one statement, sent as text ($1, $2... in the order added). An empty
// optional is SQL NULL.
class Params {
 public:
  Params& add(std::string_view text);
  Params& add(std::int64_t n) { return add(std::to_string(n)); }
  Params& add(int n) { return add(std::to_string(n)); }
  Params& add(bool b) { return add(std::string_view(b ? "t" : "f")); }
  Params& add_null();
  int count() const { return static_cast<int>(values_.size()); }
  // Pointers into this object: valid while it lives and is not changed.
  std::vector<const char*> pointers() const;

 private:
  std::vector<std::string> values_;
  std::vector<bool> null_;
};

// Reads one row's columns as text; numbers are parsed (a malformed number reads as 0, which
// PostgreSQL, typing every column, never sends).
class Row {
 public:
  Row(const PGresult* r, int row) : r_(r), row_(row) {}
  std::string text(int column) const;
  std::int64_t int64(int column) const;
  int int32(int column) const { return static_cast<int>(int64(column)); }
  double real(int column) const;
  bool boolean(int column) const;
  bool is_null(int column) const;

 private:
  const PGresult* r_;
  int row_;
};

class Connection {
 public:
  // Connects to `url` (a libpq connection string or postgresql:// URI).
  static Result<std::unique_ptr<Connection>> open(const std::string& url);
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection();

  // Runs one or more SQL statements (the simple protocol) whose rows do not matter.
  Result<void> exec(const std::string& sql);
  // One statement with parameters; the rows, or the error.
  Result<ResultPtr> query(const std::string& sql, const Params& params = {});
  // Prepares `sql` under `name` for query_prepared() and the pipeline.
  Result<void> prepare(const std::string& name, const std::string& sql);
  Result<ResultPtr> query_prepared(const std::string& name, const Params& params);
  // Queues a prepared statement in pipeline mode (no round trip until a sync).
  Result<void> send_prepared(const std::string& name, const Params& params);

  bool broken() const { return PQstatus(conn_) != CONNECTION_OK; }
  // Reconnects with the same parameters (prepared statements must be prepared again).
  bool reset();
  PGconn* handle() { return conn_; }

 private:
  explicit Connection(PGconn* conn) : conn_(conn) {}
  PGconn* conn_;
};

// The SQLSTATE PostgreSQL gave a failed result ("" when there is none).
std::string sqlstate(const PGresult* r);
// A storage_error saying what was being done and what PostgreSQL answered.
Error failure(PGconn* conn, std::string_view what);
Error failure(const PGresult* r, std::string_view what);
// "host:port/database" of a connection string, for logs: never its password.
std::string describe_url(const std::string& url);
// True when `r` is a successful command or row set.
bool succeeded(const PGresult* r);

}  // namespace banmen::server::pg
