#include "app/open_store.h"

#include <filesystem>
#include <system_error>

#include "storage/memory_store.h"
#include "storage/sqlite_store.h"
#ifdef BANMEN_HAVE_POSTGRES
#include "storage/pg_store.h"
#endif

namespace banmen::server {

Result<OpenedStore> open_store(const Config& config) {
  if (config.store == "memory")
    return OpenedStore{std::make_unique<MemoryStore>(), "memory (nothing survives a restart)"};
  if (config.store == "postgres") {
#ifdef BANMEN_HAVE_POSTGRES
    if (config.postgres_url.empty())
      return make_error(storage_error,
                        "--store postgres needs --postgres-url (or BANMEN_POSTGRES_URL)");
    PgOptions options{config.postgres_url};
    options.server_id = config.server_id;  // empty: one server, nothing fenced
    options.lease = std::chrono::milliseconds(config.lease_ms);
    options.timeout = std::chrono::milliseconds(config.postgres_timeout_ms);
    auto opened = PgStore::open(options);
    if (!opened) return opened.error();
    return OpenedStore{std::move(*opened),
                       "postgres:" + pg::describe_url(config.postgres_url) +
                           (config.server_id.empty() ? "" : " server-id=" + config.server_id)};
#else
    return make_error(storage_error, "this banmen-server was built without PostgreSQL (libpq)");
#endif
  }
  if (config.store != "sqlite")
    return make_error(storage_error, "unknown --store '" + config.store + "'");

  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path dir(config.data_dir.empty() ? "." : config.data_dir);
  fs::create_directories(dir, ec);
  if (ec)
    return make_error(storage_error,
                      "cannot create data dir " + dir.string() + ": " + ec.message());
  SqliteOptions options;
  options.path = (dir / "banmen.db").string();
  options.synchronous_full = config.sync != "normal";
  options.max_bytes = config.db_max_mb * 1024 * 1024;
  auto opened = SqliteStore::open(options);
  if (!opened)
    return make_error(storage_error, "cannot open " + options.path + ": " + opened.error().message);
  return OpenedStore{std::move(*opened), "sqlite:" + options.path + " sync=" + config.sync};
}

}  // namespace banmen::server
