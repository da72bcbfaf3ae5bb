// `banmen-server backup FILE`: an online copy of the SQLite store, made through SQLite's
// backup API by a connection of its own, so it runs beside a live server (which keeps
// writing: WAL lets a reader copy one consistent snapshot while moves commit) and needs no
// sqlite3 program (the container image has none).
#pragma once

#include <string>

#include "config/config.h"
#include "core/result.h"

namespace banmen::server {

struct BackupSummary {
  std::string source;   // the database copied
  long long pages = 0;  // pages in the copy
  long long bytes = 0;  // its size on disk
};

// Copies <config.data_dir>/banmen.db to `file` (which must not exist: a backup never
// overwrites), makes the copy a single self-contained file (journal_mode DELETE) and checks
// it with PRAGMA integrity_check. Errors: another store than sqlite, no database, `file`
// already there, or the copy failing its check (the partial file is then removed).
Result<BackupSummary> backup_sqlite_store(const Config& config, const std::string& file);

}  // namespace banmen::server
