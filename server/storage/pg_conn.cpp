#include "storage/pg_conn.h"

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

Result<std::unique_ptr<Connection>> Connection::open(const std::string& url) {
  PGconn* conn = PQconnectdb(url.c_str());
  if (!conn) return make_error(storage_error, "out of memory connecting to PostgreSQL");
  if (PQstatus(conn) != CONNECTION_OK) {
    auto e = failure(conn, "cannot connect to PostgreSQL");
    PQfinish(conn);
    return e;
  }
  // Notices ("relation already exists, skipping") are not errors: keep them off stderr.
  PQsetNoticeProcessor(
      conn, [](void*, const char*) {}, nullptr);
  return std::unique_ptr<Connection>(new Connection(conn));
}

Connection::~Connection() {
  PQfinish(conn_);
}

bool Connection::reset() {
  PQreset(conn_);
  return PQstatus(conn_) == CONNECTION_OK;
}

Result<void> Connection::exec(const std::string& sql) {
  ResultPtr r(PQexec(conn_, sql.c_str()));
  if (!r) return failure(conn_, "PostgreSQL");
  if (!succeeded(r.get())) return failure(r.get(), "PostgreSQL");
  return ok();
}

Result<ResultPtr> Connection::query(const std::string& sql, const Params& params) {
  const auto values = params.pointers();
  ResultPtr r(PQexecParams(conn_, sql.c_str(), params.count(), nullptr, values.data(), nullptr,
                           nullptr, 0));
  if (!r) return failure(conn_, "PostgreSQL");
  if (!succeeded(r.get())) return failure(r.get(), "PostgreSQL");
  return r;
}

Result<void> Connection::prepare(const std::string& name, const std::string& sql) {
  ResultPtr r(PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr));
  if (!r) return failure(conn_, "PostgreSQL prepare " + name);
  if (!succeeded(r.get())) return failure(r.get(), "PostgreSQL prepare " + name);
  return ok();
}

Result<ResultPtr> Connection::query_prepared(const std::string& name, const Params& params) {
  const auto values = params.pointers();
  ResultPtr r(
      PQexecPrepared(conn_, name.c_str(), params.count(), values.data(), nullptr, nullptr, 0));
  if (!r) return failure(conn_, "PostgreSQL");
  if (!succeeded(r.get())) return failure(r.get(), "PostgreSQL " + name);
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
