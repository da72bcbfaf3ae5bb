#include "storage/pg_migrations.h"

#include <array>
#include <string>

#include "storage/store.h"

namespace banmen::server::pg {

namespace {

// The steps are numbered as SQLite's (sqlite_migrations.cpp): step N is the same change of
// the schema in both stores. Steps 7 and 8 are PostgreSQL's alone (several servers).
//
// Step 1: the record of play, together with SQLite's steps 2 to 4 (chat, thinking time,
// closed rooms, byoyomi flags), which PostgreSQL's first schema already held. Times are
// Unix milliseconds (BIGINT) as in the rest of the server; moves are keyed by (room, game,
// ply) so a duplicate ply is impossible.
constexpr const char* kStep1 = R"sql(
CREATE TABLE rooms (
  room_id      TEXT PRIMARY KEY,
  options_json TEXT NOT NULL,
  created_ms   BIGINT NOT NULL,
  closed_ms    BIGINT
);
CREATE INDEX rooms_open ON rooms (created_ms) WHERE closed_ms IS NULL;
CREATE TABLE players (
  room_id    TEXT NOT NULL REFERENCES rooms (room_id),
  player     INTEGER NOT NULL CHECK (player IN (0, 1)),
  name       TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  PRIMARY KEY (room_id, player)
);
CREATE TABLE games (
  room_id          TEXT NOT NULL REFERENCES rooms (room_id),
  game_no          INTEGER NOT NULL,
  game_id          TEXT NOT NULL,
  options_json     TEXT NOT NULL,
  initial_position TEXT NOT NULL,
  seat_of_player0  INTEGER NOT NULL,
  seat_of_player1  INTEGER NOT NULL,
  started_ms       BIGINT NOT NULL,
  result_kind      TEXT,
  winner           INTEGER,
  reason           TEXT,
  finished_ms      BIGINT,
  PRIMARY KEY (room_id, game_no)
);
CREATE TABLE moves (
  room_id    TEXT NOT NULL,
  game_no    INTEGER NOT NULL,
  ply        INTEGER NOT NULL,
  move       TEXT NOT NULL,
  remaining0 BIGINT NOT NULL,
  remaining1 BIGINT NOT NULL,
  periods0   INTEGER NOT NULL,
  periods1   INTEGER NOT NULL,
  server_ms  BIGINT NOT NULL,
  used_ms    BIGINT NOT NULL DEFAULT 0,
  byoyomi0   BOOLEAN NOT NULL DEFAULT FALSE,
  byoyomi1   BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY (room_id, game_no, ply),
  FOREIGN KEY (room_id, game_no) REFERENCES games (room_id, game_no)
);
CREATE TABLE chat (
  id        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id   TEXT NOT NULL REFERENCES rooms (room_id),
  player    INTEGER NOT NULL,
  name      TEXT NOT NULL,
  channel   TEXT NOT NULL,
  text      TEXT NOT NULL,
  server_ms BIGINT NOT NULL
);
CREATE INDEX chat_by_room ON chat (room_id, id);
)sql";

// Steps 2 to 4: in step 1.
constexpr const char* kInStep1 = "";

// Step 5: rooms that last for their series: last_active_ms (every
// write but a move; the retention job adds the last game's latest move) and reviews, one
// per game. Rooms from before start from their latest game start, game end or chat line.
constexpr const char* kStep5 = R"sql(
ALTER TABLE rooms ADD COLUMN last_active_ms BIGINT NOT NULL DEFAULT 0;
UPDATE rooms SET last_active_ms = GREATEST(created_ms,
  COALESCE((SELECT MAX(GREATEST(started_ms, COALESCE(finished_ms, 0))) FROM games g
            WHERE g.room_id = rooms.room_id), 0),
  COALESCE((SELECT MAX(server_ms) FROM chat c WHERE c.room_id = rooms.room_id), 0));
CREATE INDEX rooms_by_activity ON rooms (last_active_ms) WHERE closed_ms IS NULL;
CREATE TABLE reviews (
  room_id   TEXT NOT NULL,
  game_no   INTEGER NOT NULL,
  tree_text TEXT NOT NULL,
  open      BOOLEAN NOT NULL,
  server_ms BIGINT NOT NULL,
  PRIMARY KEY (room_id, game_no),
  FOREIGN KEY (room_id, game_no) REFERENCES games (room_id, game_no)
);
)sql";

// Step 6: a seat handed to the computer for the rest of a game survives a restart.
constexpr const char* kStep6 = R"sql(
ALTER TABLE players ADD COLUMN computer_game INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN computer_level INTEGER NOT NULL DEFAULT 0;
)sql";

// Step 7: room ownership, for several servers sharing the database. One row per room: the
// server that owns it, an epoch bumped at every change of owner, and a lease the owner
// renews. banmen_fence() is run before every write of a server that owns rooms, in the same
// transaction: it refuses the write (SQLSTATE BM001) unless the writer still holds the
// epoch it was given, and locks the row against a takeover until the write commits.
// It may run on a database that has it already (numbered before the steps were shared,
// below), so it creates only what is missing.
constexpr const char* kStep7 = R"sql(
CREATE TABLE IF NOT EXISTS room_owners (
  room_id     TEXT PRIMARY KEY,
  owner       TEXT NOT NULL,
  epoch       BIGINT NOT NULL,
  lease_until TIMESTAMPTZ NOT NULL
);
CREATE OR REPLACE FUNCTION banmen_fence(p_room TEXT, p_owner TEXT, p_epoch BIGINT) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM room_owners
    WHERE room_id = p_room AND owner = p_owner AND epoch = p_epoch FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'room % has another owner now (epoch % is stale)', p_room, p_epoch
      USING ERRCODE = 'BM001';
  END IF;
END
$$;
)sql";

// Step 8: the handover of a room between servers. A server that finds a room held by
// another records that it wants it (wanted_by, wanted_at); the owner sees that when it
// next renews its leases, hands the room over and lets it go. A takeover clears it.
constexpr const char* kStep8 = R"sql(
ALTER TABLE room_owners ADD COLUMN wanted_by TEXT;
ALTER TABLE room_owners ADD COLUMN wanted_at TIMESTAMPTZ;
)sql";

// Step 9: the computer's analysis of a game, one per game (SQLite's step 7). Game 0 is the
// record brought into the room, which has no games row: no foreign key to games.
constexpr const char* kStep9 = R"sql(
CREATE TABLE analyses (
  room_id       TEXT NOT NULL REFERENCES rooms (room_id),
  game_no       INTEGER NOT NULL,
  analysis_json TEXT NOT NULL,
  server_ms     BIGINT NOT NULL,
  PRIMARY KEY (room_id, game_no)
);
)sql";

// Step 10: the record last brought into each room (review_import), as SQLite's step 8.
// (Step 9 is the stored analyses.)
constexpr const char* kStep10 = R"sql(
CREATE TABLE imports (
  room_id       TEXT PRIMARY KEY REFERENCES rooms (room_id),
  game_id       TEXT NOT NULL,
  root_position TEXT NOT NULL,
  tree_text     TEXT NOT NULL,
  name          TEXT NOT NULL,
  format        TEXT NOT NULL,
  open          BOOLEAN NOT NULL,
  server_ms     BIGINT NOT NULL
);
)sql";

// Step 11: correspondence games, as SQLite's step 9: clocks across restarts and failovers
// (the owner is the server process that wrote the mark: this_process_owner()) and
// conditional moves.
constexpr const char* kStep11 = R"sql(
CREATE TABLE clock_marks (
  room_id      TEXT NOT NULL,
  game_no      INTEGER NOT NULL,
  ply          INTEGER NOT NULL,
  remaining_ms BIGINT NOT NULL,
  server_ms    BIGINT NOT NULL,
  owner        TEXT NOT NULL,
  PRIMARY KEY (room_id, game_no),
  FOREIGN KEY (room_id, game_no) REFERENCES games (room_id, game_no)
);
CREATE TABLE alive_marks (
  owner     TEXT PRIMARY KEY,
  server_ms BIGINT NOT NULL
);
CREATE TABLE conditionals (
  room_id    TEXT NOT NULL,
  game_no    INTEGER NOT NULL,
  player     INTEGER NOT NULL,
  ply        INTEGER NOT NULL,
  lines_json TEXT NOT NULL,
  PRIMARY KEY (room_id, game_no, player),
  FOREIGN KEY (room_id, game_no) REFERENCES games (room_id, game_no)
);
)sql";

// Step 12: Web Push subscriptions, as SQLite's step 10: a few per player of a room, keyed
// by the push service's endpoint, with an index to find an endpoint in every room.
constexpr const char* kStep12 = R"sql(
CREATE TABLE push_subscriptions (
  room_id   TEXT NOT NULL REFERENCES rooms (room_id),
  player    INTEGER NOT NULL,
  endpoint  TEXT NOT NULL,
  p256dh    TEXT NOT NULL,
  auth      TEXT NOT NULL,
  server_ms BIGINT NOT NULL,
  PRIMARY KEY (room_id, player, endpoint)
);
CREATE INDEX push_subscriptions_by_endpoint ON push_subscriptions (endpoint);
)sql";

constexpr std::array kSteps = {kStep1, kInStep1, kInStep1, kInStep1, kStep5,  kStep6,
                               kStep7, kStep8,   kStep9,   kStep10,  kStep11, kStep12};

// A banmen_schema without its `shared` column was written before the steps were shared,
// in PostgreSQL's own numbering: 1 the record of play (shared 1 to 4), 2 ownership (7),
// 3 rooms that last (5), 4 the computer's seats (6), 5 the handover (8). Each maps to the
// shared step up to which every step is there; a later step found there already (only
// ownership, step 7) creates only what is missing.
constexpr std::array kFromOwnNumbering = {0, 4, 4, 5, 7, 8};

// pg_advisory_xact_lock's key: any constant the database's other users do not take.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(7306010123)";

}  // namespace

int current_schema_version() {
  return static_cast<int>(kSteps.size());
}

namespace {

// Whether banmen_schema counts in the shared numbering (it has the `shared` column).
Result<bool> shared_numbering(Connection& db) {
  auto has = db.query(
      "SELECT count(*) FROM pg_attribute WHERE attrelid = 'banmen_schema'::regclass "
      "AND attname = 'shared' AND NOT attisdropped");
  if (!has) return has.error();
  return Row(has->get(), 0).int64(0) > 0;
}

}  // namespace

Result<int> schema_version(Connection& db) {
  auto exists = db.query("SELECT to_regclass('banmen_schema') IS NOT NULL");
  if (!exists) return exists.error();
  if (!Row(exists->get(), 0).boolean(0)) return 0;
  auto v = db.query("SELECT version FROM banmen_schema");
  if (!v) return v.error();
  if (PQntuples(v->get()) == 0) return 0;
  const int version = Row(v->get(), 0).int32(0);
  auto shared = shared_numbering(db);
  if (!shared) return shared.error();
  if (*shared || version < 0 || version >= static_cast<int>(kFromOwnNumbering.size()))
    return version;
  return kFromOwnNumbering[static_cast<std::size_t>(version)];
}

Result<void> migrate(Connection& db, int target) {
  if (target < 0) target = current_schema_version();
  if (auto r = db.exec("BEGIN"); !r) return r;
  auto body = [&]() -> Result<void> {
    if (auto r = db.exec(kMigrationLock); !r) return r;
    if (auto r = db.exec("CREATE TABLE IF NOT EXISTS banmen_schema (version INTEGER NOT NULL, "
                         "shared BOOLEAN NOT NULL DEFAULT TRUE)");
        !r)
      return r;
    auto version = schema_version(db);
    if (!version) return version.error();
    if (*version > current_schema_version())
      return schema_too_new(*version, current_schema_version());
    // A version in PostgreSQL's own numbering is written again in the shared one.
    auto shared = shared_numbering(db);
    if (!shared) return shared.error();
    if (!*shared) {
      if (auto r = db.exec("ALTER TABLE banmen_schema ADD COLUMN shared BOOLEAN NOT NULL "
                           "DEFAULT TRUE; UPDATE banmen_schema SET version = " +
                           std::to_string(*version));
          !r)
        return r;
    }
    if (*version == 0)
      if (auto r = db.exec("DELETE FROM banmen_schema; INSERT INTO banmen_schema VALUES (0)"); !r)
        return r;
    for (int step = *version; step < target; ++step) {
      const char* sql = kSteps[static_cast<std::size_t>(step)];
      if (*sql != '\0')
        if (auto r = db.exec(sql); !r) return r;
      if (auto r = db.exec("UPDATE banmen_schema SET version = " + std::to_string(step + 1)); !r)
        return r;
    }
    return ok();
  };
  auto r = body();
  if (!r) {
    (void)db.exec("ROLLBACK");
    return r;
  }
  return db.exec("COMMIT");
}

}  // namespace banmen::server::pg
