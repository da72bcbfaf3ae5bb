#include "storage/pg_conn.h"

#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>

#include "storage/store.h"

namespace banmen::server::pg {

Params& Params::add(std::string_view text) {
  values_.emplace_back(text);
  null_.push_back(false);
  return *this;
}

Params& Params::add_null() {
  values_.emplace_back();
  null_.push_back(true);
  return *this;
}

std::vector<const char*> Params::pointers() const {
  std::vector<const char*> out;
  out.reserve(values_.size());
  for (std::size_t i = 0; i < values_.size(); ++i)
    out.push_back(null_[i] ? nullptr : values_[i].c_str());
  return out;
}

std::string Row::text(int column) const {
  return std::string(PQgetvalue(r_, row_, column),
                     static_cast<std::size_t>(PQgetlength(r_, row_, column)));
}

std::int64_t Row::int64(int column) const {
  const char* v = PQgetvalue(r_, row_, column);
  std::int64_t n = 0;
  std::from_chars(v, v + PQgetlength(r_, row_, column), n);
  return n;
}

double Row::real(int column) const {
  return std::strtod(PQgetvalue(r_, row_, column), nullptr);
}

bool Row::boolean(int column) const {
  return PQgetvalue(r_, row_, column)[0] == 't';
}

bool Row::is_null(int column) const {
  return PQgetisnull(r_, row_, column) != 0;
}

std::string sqlstate(const PGresult* r) {
  const char* s = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
  return s ? s : "";
}

namespace {
std::string trimmed(const char* message) {
  std::string m = message ? message : "";
  while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
  return m;
}
}  // namespace

Error failure(PGconn* conn, std::string_view what) {
  return make_error(storage_error, std::string(what) + ": " + trimmed(PQerrorMessage(conn)));
}

Error failure(const PGresult* r, std::string_view what) {
  std::string m = std::string(what) + ": " + trimmed(PQresultErrorMessage(r));
  if (auto state = sqlstate(r); !state.empty()) m += " (SQLSTATE " + state + ")";
  return make_error(storage_error, std::move(m));
}

std::string describe_url(const std::string& url) {
  char* err = nullptr;
  PQconninfoOption* options = PQconninfoParse(url.c_str(), &err);
  if (!options) {
    PQfreemem(err);
    return "(unreadable connection string)";
  }
  std::string host = "localhost", port = "5432", db;
  for (auto* o = options; o->keyword; ++o) {
    if (!o->val) continue;
    const std::string key = o->keyword;
    if (key == "host" || key == "hostaddr") host = o->val;
    if (key == "port") port = o->val;
    if (key == "dbname") db = o->val;
  }
  PQconninfoFree(options);
  return host + ":" + port + "/" + db;
}

bool succeeded(const PGresult* r) {
  const auto status = PQresultStatus(r);
  return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

namespace {

using Clock = std::chrono::steady_clock;

// Keepalives notice a peer that is gone (its machine lost, a cable cut) within about
// 5 + 2 * 3 = 11 s even on an idle connection; the URL may set its own.
constexpr std::pair<const char*, const char*> kKeepalives[] = {
    {"keepalives", "1"},
    {"keepalives_idle", "5"},
    {"keepalives_interval", "2"},
    {"keepalives_count", "3"},
};

PGconn* connect(const std::string& url, const ConnectionOptions& options) {
  const auto seconds =
      std::to_string(std::max<std::int64_t>(2, (options.connect_timeout.count() + 999) / 1000));
  const auto user_timeout = std::to_string(options.answer_timeout.count());
  // libpq keeps the last value of a repeated keyword, and the URL (expanded from dbname)
  // comes last: what the operator wrote wins over these defaults.
  std::vector<const char*> keys, values;
  for (const auto& [k, v] : kKeepalives) {
    keys.push_back(k);
    values.push_back(v);
  }
  keys.push_back("connect_timeout");
  values.push_back(seconds.c_str());
  // Unacknowledged data (a peer whose machine vanished) breaks the connection this soon.
  keys.push_back("tcp_user_timeout");
  values.push_back(user_timeout.c_str());
  keys.push_back("dbname");
  values.push_back(url.c_str());
  keys.push_back(nullptr);
  values.push_back(nullptr);
  return PQconnectdbParams(keys.data(), values.data(), /*expand_dbname=*/1);
}

void prepare_session(PGconn* conn) {
  // Notices ("relation already exists, skipping") are not errors: keep them off stderr.
  PQsetNoticeProcessor(
      conn, [](void*, const char*) {}, nullptr);
  // Never block in a send: await_answer() flushes against its deadline.
  PQsetnonblocking(conn, 1);
}

}  // namespace

Result<std::unique_ptr<Connection>> Connection::open(const std::string& url,
                                                     ConnectionOptions options) {
  PGconn* conn = connect(url, options);
  if (!conn) return make_error(storage_error, "out of memory connecting to PostgreSQL");
  if (PQstatus(conn) != CONNECTION_OK) {
    auto e = failure(conn, "cannot connect to PostgreSQL");
    PQfinish(conn);
    return e;
  }
  prepare_session(conn);
  std::unique_ptr<Connection> c(new Connection(conn, std::move(options)));
  if (c->options_.setup)
    if (auto r = c->options_.setup(*c); !r) return r.error();
  return c;
}

Connection::Connection(PGconn* conn, ConnectionOptions options)
    : conn_(conn), options_(std::move(options)) {}

Connection::~Connection() {
  PQfinish(conn_);
}

Result<void> Connection::ensure() {
  if (!broken()) {
    // Between statements nothing is expected from PostgreSQL: a readable socket means it
    // is closing the connection (a restart, an administrator's kill: its last message,
    // "terminating connection...", then the end). Noticed now, the connection is made
    // again before the request, which would otherwise fail on that message.
    pollfd fd{PQsocket(conn_), POLLIN, 0};
    if (::poll(&fd, 1, 0) <= 0) return ok();
    lost_ = true;
  }
  const auto now = Clock::now();
  if (now < next_attempt_)
    return make_error(storage_error, "PostgreSQL connection lost; reconnecting");
  auto failed = [&](Error e) -> Result<void> {
    backoff_ =
        std::clamp(backoff_ * 2, std::chrono::milliseconds(100), std::chrono::milliseconds(2000));
    next_attempt_ = Clock::now() + backoff_;
    lost_ = true;
    return e;
  };
  PQreset(conn_);  // closes the old socket: a session stuck in a transaction ends with it
  if (PQstatus(conn_) != CONNECTION_OK)
    return failed(failure(conn_, "PostgreSQL connection lost; reconnecting failed"));
  prepare_session(conn_);
  lost_ = timed_out_ = false;
  if (options_.setup)
    if (auto r = options_.setup(*this); !r) return failed(r.error());
  backoff_ = std::chrono::milliseconds(0);
  return ok();
}

Error Connection::lost_error(std::string_view what) const {
  if (timed_out_)
    return make_error(storage_error, std::string(what) + ": no answer from PostgreSQL within " +
                                         std::to_string(options_.answer_timeout.count()) +
                                         " ms; the connection is made again");
  return failure(conn_, what);
}

bool Connection::await_answer() {
  if (lost_) return false;
  const auto deadline = Clock::now() + options_.answer_timeout;
  auto wait = [&](short events) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    pollfd fd{PQsocket(conn_), events, 0};
    const int n = ::poll(&fd, 1, static_cast<int>(left.count()));
    return n > 0 || (n < 0 && errno == EINTR);
  };
  for (;;) {
    const int flushed = PQflush(conn_);
    if (flushed == 0) break;
    if (flushed < 0) return lost_ = true, false;
    if (!wait(POLLIN | POLLOUT)) return lost_ = timed_out_ = true, false;
    // Read what came meanwhile, so a server waiting for us to read can go on writing.
    if (PQconsumeInput(conn_) != 1) return lost_ = true, false;
  }
  while (PQisBusy(conn_)) {
    if (!wait(POLLIN)) return lost_ = timed_out_ = true, false;
    if (PQconsumeInput(conn_) != 1) return lost_ = true, false;
  }
  return true;
}

ResultPtr Connection::next_result() {
  if (!await_answer()) return nullptr;
  return ResultPtr(PQgetResult(conn_));
}

Result<ResultPtr> Connection::collect(std::string_view what) {
  ResultPtr kept;
  for (;;) {
    if (!await_answer()) return lost_error(what);
    ResultPtr r(PQgetResult(conn_));
    if (!r) break;
    if (!kept || succeeded(kept.get())) kept = std::move(r);
  }
  if (!kept) return lost_error(what);
  return kept;
}

Result<void> Connection::exec(const std::string& sql) {
  if (lost_) return lost_error("PostgreSQL");
  if (PQsendQuery(conn_, sql.c_str()) != 1) return failure(conn_, "PostgreSQL");
  auto r = collect("PostgreSQL");
  if (!r) return r.error();
  if (!succeeded(r->get())) return failure(r->get(), "PostgreSQL");
  return ok();
}

Result<ResultPtr> Connection::query(const std::string& sql, const Params& params) {
  if (lost_) return lost_error("PostgreSQL");
  const auto values = params.pointers();
  if (PQsendQueryParams(conn_, sql.c_str(), params.count(), nullptr, values.data(), nullptr,
                        nullptr, 0) != 1)
    return failure(conn_, "PostgreSQL");
  auto r = collect("PostgreSQL");
  if (!r) return r;
  if (!succeeded(r->get())) return failure(r->get(), "PostgreSQL");
  return r;
}

Result<void> Connection::prepare(const std::string& name, const std::string& sql) {
  if (lost_) return lost_error("PostgreSQL prepare " + name);
  if (PQsendPrepare(conn_, name.c_str(), sql.c_str(), 0, nullptr) != 1)
    return failure(conn_, "PostgreSQL prepare " + name);
  auto r = collect("PostgreSQL prepare " + name);
  if (!r) return r.error();
  if (!succeeded(r->get())) return failure(r->get(), "PostgreSQL prepare " + name);
  return ok();
}

Result<ResultPtr> Connection::execute_prepared(const std::string& name, const Params& params) {
  if (lost_) return lost_error("PostgreSQL");
  const auto values = params.pointers();
  if (PQsendQueryPrepared(conn_, name.c_str(), params.count(), values.data(), nullptr, nullptr,
                          0) != 1)
    return failure(conn_, "PostgreSQL");
  return collect("PostgreSQL");
}

Result<ResultPtr> Connection::query_prepared(const std::string& name, const Params& params) {
  auto r = execute_prepared(name, params);
  if (!r) return r;
  if (!succeeded(r->get())) return failure(r->get(), "PostgreSQL " + name);
  return r;
}

Result<void> Connection::send_prepared(const std::string& name, const Params& params) {
  const auto values = params.pointers();
  if (PQsendQueryPrepared(conn_, name.c_str(), params.count(), values.data(), nullptr, nullptr,
                          0) != 1)
    return failure(conn_, "PostgreSQL send " + name);
  return ok();
}

}  // namespace banmen::server::pg
