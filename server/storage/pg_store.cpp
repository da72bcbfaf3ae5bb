// Opening PgStore: two connections (the committer's and the readers'), the writer's
// session settings, the schema, and the prepared statements.
#include "storage/pg_store.h"

#include "storage/pg_migrations.h"

namespace banmen::server {

namespace {
std::string ms_text(std::chrono::milliseconds d) {
  return "'" + std::to_string(d.count()) + "ms'";
}
// A second on our side beyond PostgreSQL's own statement_timeout: PostgreSQL answers a
// slow statement with an error first; only a server that stopped answering reaches ours.
constexpr std::chrono::milliseconds kAnswerMargin{1000};
}  // namespace

pg::ConnectionOptions PgStore::connection_options(const PgOptions& options,
                                                  std::chrono::milliseconds statement_timeout,
                                                  std::string session_sql) {
  pg::ConnectionOptions o;
  o.answer_timeout = statement_timeout + kAnswerMargin;
  o.connect_timeout = options.timeout;
  // A session left inside a transaction (its client gone silent) is ended by PostgreSQL,
  // so it never holds locks or a snapshot for long.
  session_sql += "; SET statement_timeout = " + ms_text(statement_timeout) +
                 "; SET idle_in_transaction_session_timeout = " + ms_text(2 * statement_timeout);
  o.setup = [session_sql](pg::Connection& db) { return db.exec(session_sql); };
  return o;
}

Result<void> PgStore::set_up_writer(pg::Connection& db, std::chrono::milliseconds timeout) {
  // Keep a setting at least as strong as "on" (remote_apply); raise anything weaker
  // (off, local, remote_write) to "on": an acknowledged write must be flushed to disk.
  auto setting = db.query("SELECT current_setting('synchronous_commit')");
  if (!setting) return setting.error();
  const auto value = pg::Row(setting->get(), 0).text(0);
  if (value != "on" && value != "remote_apply")
    if (auto r = db.exec("SET synchronous_commit = on"); !r) return r;
  // A statement stuck behind a lock (a backup, a migration) must not hold every room's
  // moves for long: the batch fails, its rooms answer storage_error and retry.
  const auto t = std::to_string(timeout.count());
  if (auto r = db.exec("SET statement_timeout = '" + t + "ms'; SET lock_timeout = '" + t +
                       "ms'; SET idle_in_transaction_session_timeout = '" +
                       std::to_string(2 * timeout.count()) + "ms'");
      !r)
    return r;
  return prepare_writes(db);
}

Result<std::unique_ptr<PgStore>> PgStore::open(const PgOptions& options) {
  {
    // The schema first, on a connection of its own without statement timeouts: an upgrade
    // of a large database may take a while, once.
    pg::ConnectionOptions migrating;
    migrating.answer_timeout = std::chrono::hours(1);
    migrating.connect_timeout = options.timeout;
    auto db = pg::Connection::open(options.url, migrating);
    if (!db) return db.error();
    if (auto r = pg::migrate(**db); !r) return r.error();
  }
  pg::ConnectionOptions writing;
  writing.answer_timeout = options.timeout + kAnswerMargin;
  writing.connect_timeout = options.timeout;
  writing.setup = [timeout = options.timeout](pg::Connection& db) {
    return set_up_writer(db, timeout);
  };
  auto writer = pg::Connection::open(options.url, writing);
  if (!writer) return writer.error();
  // Reads (a room's whole series for an export) get longer than writes.
  auto reader = pg::Connection::open(
      options.url,
      connection_options(options, 3 * options.timeout, "SET default_transaction_read_only = on"));
  if (!reader) return reader.error();
  std::unique_ptr<PgStore> store(new PgStore(options, std::move(*writer), std::move(*reader)));
  if (!options.server_id.empty()) {
    auto leases = pg::Connection::open(options.url, connection_options(options, options.timeout,
                                                                       "SET application_name = "
                                                                       "'banmen leases'"));
    if (!leases) return leases.error();
    store->lease_conn_ = std::move(*leases);
  }
  return store;
}

}  // namespace banmen::server
