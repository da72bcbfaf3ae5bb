// The PostgreSQL store's schema, created and brought up to date when a server starts.
// The version is a row of banmen_schema; every step runs, with the version update, in one
// transaction under an advisory lock, so servers starting together migrate once, and a
// database newer than this binary is refused untouched.
#pragma once

#include "core/result.h"
#include "storage/pg_conn.h"

namespace banmen::server::pg {

int current_schema_version();
// 0 for a database without the schema.
Result<int> schema_version(Connection& db);
// Applies the missing steps up to `target` (-1: the current version).
Result<void> migrate(Connection& db, int target = -1);

}  // namespace banmen::server::pg
