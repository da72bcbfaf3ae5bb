// A thin RAII layer over libpq: one connection, its results, and text parameters. Every
// failure becomes a storage_error with PostgreSQL's own message (and SQLSTATE), so callers
// never see a raw PGresult or forget to clear one.
//
// Nothing waits on PostgreSQL without a bound: the connection is made with a connect
// timeout and TCP keepalives, every answer is awaited with poll() against a deadline (a
// frozen server keeps the TCP connection up, so only the client can notice it), and a
// connection that timed out or broke is made again by ensure(), with a back-off between
// failed attempts, and set up again by its own setup function.
#pragma once

#include <libpq-fe.h>

#include <chrono>
#include <cstdint>
#include <functional>
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

class Connection;

struct ConnectionOptions {
  // The longest wait for any answer; then the connection counts as lost (the statement's
  // outcome is unknown) and the next ensure() makes it again.
  std::chrono::milliseconds answer_timeout{6000};
  // The longest a connect may take (whole seconds for libpq, at least 2: its minimum).
  std::chrono::milliseconds connect_timeout{5000};
  // Run after every connect and reconnect (session settings, prepared statements).
  std::function<Result<void>(Connection&)> setup = {};
};

class Connection {
 public:
  // Connects to `url` (a libpq connection string or postgresql:// URI). Keepalives and the
  // connect timeout are defaults the URL may override.
  static Result<std::unique_ptr<Connection>> open(const std::string& url,
                                                  ConnectionOptions options = {});
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
  // As query_prepared(), but a statement PostgreSQL refused comes back as its result (to
  // read its SQLSTATE); only a lost connection is an error.
  Result<ResultPtr> execute_prepared(const std::string& name, const Params& params);
  // Queues a prepared statement in pipeline mode (no round trip until a sync).
  Result<void> send_prepared(const std::string& name, const Params& params);
  // The next result of what was sent (pipeline mode), waited for within the answer
  // timeout; null when the connection failed or timed out (then broken()).
  ResultPtr next_result();

  bool broken() const { return lost_ || PQstatus(conn_) != CONNECTION_OK; }
  // Call before each use. Makes a broken connection (or one PostgreSQL has closed since its
  // last use) again and runs the setup; not more often than a back-off
  // allows (100 ms doubling to 2 s between failed attempts), so that while PostgreSQL is
  // away each caller fails at once instead of waiting for a connect of its own.
  Result<void> ensure();
  // Drops the session now (its state is unknown); the next ensure() makes a new one.
  void drop() { lost_ = true; }
  // Why the connection is lost (no answer in time, or libpq's message), for `what`.
  Error lost_error(std::string_view what) const;
  PGconn* handle() { return conn_; }

 private:
  Connection(PGconn* conn, ConnectionOptions options);
  // Sends what libpq buffered and waits until an answer can be read without blocking;
  // false (and lost_) on a timeout or a failed connection.
  bool await_answer();
  // Every result of the statement just sent: the first failure, else the last result.
  Result<ResultPtr> collect(std::string_view what);

  PGconn* conn_;
  ConnectionOptions options_;
  bool lost_ = false;       // timed out: the session is abandoned
  bool timed_out_ = false;  // why lost_ (for the message)
  std::chrono::steady_clock::time_point next_attempt_{};
  std::chrono::milliseconds backoff_{0};
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
