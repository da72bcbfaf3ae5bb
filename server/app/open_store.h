// The store the configuration asks for: SQLite at <data dir>/banmen.db (the directory is
// created if needed), PostgreSQL at --postgres-url, or, for tests, memory. Fails with a
// message for the operator when the database cannot be opened, created or upgraded (e.g.
// it is newer than this binary).
#pragma once

#include <memory>
#include <string>

#include "config/config.h"
#include "core/result.h"
#include "storage/store.h"

namespace banmen::server {

struct OpenedStore {
  std::unique_ptr<Store> store;
  std::string description;  // for the start-up log line, e.g. "sqlite:/var/lib/banmen/banmen.db"
};

Result<OpenedStore> open_store(const Config& config);

}  // namespace banmen::server
