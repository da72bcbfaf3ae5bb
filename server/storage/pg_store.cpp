// Opening PgStore: two connections (the committer's and the readers'), the writer's
// session settings, the schema, and the prepared statements.
#include "storage/pg_store.h"

#include "storage/pg_migrations.h"

namespace banmen::server {

Result<void> PgStore::set_up_writer(pg::Connection& db) {
  // Keep a setting at least as strong as "on" (remote_apply); raise anything weaker
  // (off, local, remote_write) to "on": an acknowledged write must be flushed to disk.
  auto setting = db.query("SELECT current_setting('synchronous_commit')");
  if (!setting) return setting.error();
  const auto value = pg::Row(setting->get(), 0).text(0);
  if (value != "on" && value != "remote_apply")
    if (auto r = db.exec("SET synchronous_commit = on"); !r) return r;
  // A statement stuck behind a lock (a backup, a migration) must not hold every room's
  // moves forever: the batch fails, its rooms answer storage_error and retry.
  if (auto r = db.exec("SET statement_timeout = '30s'; SET lock_timeout = '10s'"); !r) return r;
  return prepare_writes(db);
}

Result<std::unique_ptr<PgStore>> PgStore::open(const PgOptions& options) {
  auto writer = pg::Connection::open(options.url);
  if (!writer) return writer.error();
  if (auto r = pg::migrate(**writer); !r) return r.error();
  if (auto r = set_up_writer(**writer); !r) return r.error();
  auto reader = pg::Connection::open(options.url);
  if (!reader) return reader.error();
  if (auto r = (*reader)->exec("SET default_transaction_read_only = on; "
                               "SET statement_timeout = '60s'");
      !r)
    return r.error();
  std::unique_ptr<PgStore> store(new PgStore(options, std::move(*writer), std::move(*reader)));
  if (!options.server_id.empty()) {
    auto leases = pg::Connection::open(options.url);
    if (!leases) return leases.error();
    store->lease_conn_ = std::move(*leases);
  }
  return store;
}

}  // namespace banmen::server
