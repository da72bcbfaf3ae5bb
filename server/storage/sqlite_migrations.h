// The database schema as numbered steps. A database records the last step applied in
// PRAGMA user_version; at start the server applies every later step, each in its own
// transaction together with the new user_version, so a crash mid-upgrade leaves the
// database at a whole step. Steps are never edited once released: a change is a new step.
#pragma once

#include "core/result.h"
#include "storage/sqlite_db.h"

namespace banmen::server::sqlite {

// The schema version this binary writes (the number of steps).
int current_schema_version();

// Brings the database up to `target` (default: the current version). Errors with a clear
// message when the database is newer than this binary knows, and never touches it then.
Result<void> migrate(Connection& db, int target = -1);

// The database's schema version (0 for a new, empty file).
Result<int> schema_version(Connection& db);

}  // namespace banmen::server::sqlite
