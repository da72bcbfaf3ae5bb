#include "storage/sqlite_migrations.h"

#include <array>
#include <string>

#include "storage/store.h"

namespace banmen::server::sqlite {

namespace {

// Step 1: the record of play. Moves are keyed by (room, game, ply) without a rowid, so a
// game's moves sit together on disk and a duplicate ply is impossible.
constexpr const char* kStep1 = R"sql(
CREATE TABLE rooms (
  room_id      TEXT PRIMARY KEY,
  options_json TEXT NOT NULL,
  created_ms   INTEGER NOT NULL
);
CREATE TABLE players (
  room_id    TEXT NOT NULL REFERENCES rooms(room_id),
  player     INTEGER NOT NULL CHECK (player IN (0, 1)),
  name       TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  PRIMARY KEY (room_id, player)
) WITHOUT ROWID;
CREATE TABLE games (
  room_id          TEXT NOT NULL REFERENCES rooms(room_id),
  game_no          INTEGER NOT NULL,
  game_id          TEXT NOT NULL,
  options_json     TEXT NOT NULL,
  initial_position TEXT NOT NULL,
  seat_of_player0  INTEGER NOT NULL,
  seat_of_player1  INTEGER NOT NULL,
  started_ms       INTEGER NOT NULL,
  result_kind      TEXT,
  winner           INTEGER,
  reason           TEXT,
  finished_ms      INTEGER,
  PRIMARY KEY (room_id, game_no)
) WITHOUT ROWID;
CREATE TABLE moves (
  room_id    TEXT NOT NULL,
  game_no    INTEGER NOT NULL,
  ply        INTEGER NOT NULL,
  move       TEXT NOT NULL,
  remaining0 INTEGER NOT NULL,
  remaining1 INTEGER NOT NULL,
  periods0   INTEGER NOT NULL,
  periods1   INTEGER NOT NULL,
  server_ms  INTEGER NOT NULL,
  PRIMARY KEY (room_id, game_no, ply),
  FOREIGN KEY (room_id, game_no) REFERENCES games(room_id, game_no)
) WITHOUT ROWID;
)sql";

// Step 2: chat, kept with the room so a restored room still shows its conversation.
constexpr const char* kStep2 = R"sql(
CREATE TABLE chat (
  id        INTEGER PRIMARY KEY,
  room_id   TEXT NOT NULL REFERENCES rooms(room_id),
  player    INTEGER NOT NULL,
  name      TEXT NOT NULL,
  channel   TEXT NOT NULL,
  text      TEXT NOT NULL,
  server_ms INTEGER NOT NULL
);
CREATE INDEX chat_by_room ON chat(room_id, id);
)sql";

// Step 3: thinking time per move (for record exports) and closed rooms (not restored).
// Rows from before keep used_ms 0 (unknown) and stay open.
constexpr const char* kStep3 = R"sql(
ALTER TABLE moves ADD COLUMN used_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rooms ADD COLUMN closed_ms INTEGER;
)sql";

// Step 4: whether each side is in its byoyomi periods after the move. Remaining time and
// periods alone cannot tell "main time left equal to one period" from "in a period", and a
// restored clock must charge the next period exactly as the running one would have.
// Rows from before count as main time (0).
constexpr const char* kStep4 = R"sql(
ALTER TABLE moves ADD COLUMN byoyomi0 INTEGER NOT NULL DEFAULT 0;
ALTER TABLE moves ADD COLUMN byoyomi1 INTEGER NOT NULL DEFAULT 0;
)sql";

// Step 5: rooms that last for their series. last_active_ms is the time of the room's latest
// write other than a move (creation, seats, a game's start or end, chat, reviews); the
// retention job reads it together with the last game's latest move, so the moves, the
// group commit's hot path, never update the rooms row. Rooms from before start from their
// latest game start, game end or chat line. Reviews: one per game, replaced by a later one.
constexpr const char* kStep5 = R"sql(
ALTER TABLE rooms ADD COLUMN last_active_ms INTEGER NOT NULL DEFAULT 0;
UPDATE rooms SET last_active_ms = MAX(created_ms,
  COALESCE((SELECT MAX(MAX(started_ms, COALESCE(finished_ms, 0))) FROM games g
            WHERE g.room_id = rooms.room_id), 0),
  COALESCE((SELECT MAX(server_ms) FROM chat c WHERE c.room_id = rooms.room_id), 0));
CREATE INDEX rooms_by_activity ON rooms (last_active_ms) WHERE closed_ms IS NULL;
CREATE TABLE reviews (
  room_id   TEXT NOT NULL,
  game_no   INTEGER NOT NULL,
  tree_text TEXT NOT NULL,
  open      INTEGER NOT NULL,
  server_ms INTEGER NOT NULL,
  PRIMARY KEY (room_id, game_no),
  FOREIGN KEY (room_id, game_no) REFERENCES games(room_id, game_no)
) WITHOUT ROWID;
)sql";

// Step 6: a seat handed to the computer for the rest of a game (computer_offer/accept)
// survives a restart: the game it is the computer's for and at which level, beside the
// person's own record, which gets the seat back after that game. Rows from before: 0, 0.
constexpr const char* kStep6 = R"sql(
ALTER TABLE players ADD COLUMN computer_game INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN computer_level INTEGER NOT NULL DEFAULT 0;
)sql";

// Step 7: the computer's analysis of a game, one per game, replaced by a later one. Game 0
// is the record brought into the room, which has no games row: no foreign key to games.
constexpr const char* kStep7 = R"sql(
CREATE TABLE analyses (
  room_id       TEXT NOT NULL REFERENCES rooms(room_id),
  game_no       INTEGER NOT NULL,
  analysis_json TEXT NOT NULL,
  server_ms     INTEGER NOT NULL,
  PRIMARY KEY (room_id, game_no)
) WITHOUT ROWID;
)sql";

// Step 8: the record last brought into each room (review_import), its review of game 0:
// its game (maybe not the room's), start position, tree, name, format and whether it was
// open. One row per room, replaced by the next record brought in. (Step 7 is the stored
// analyses.)
constexpr const char* kStep8 = R"sql(
CREATE TABLE imports (
  room_id       TEXT PRIMARY KEY REFERENCES rooms(room_id),
  game_id       TEXT NOT NULL,
  root_position TEXT NOT NULL,
  tree_text     TEXT NOT NULL,
  name          TEXT NOT NULL,
  format        TEXT NOT NULL,
  open          INTEGER NOT NULL,
  server_ms     INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

// Step 9: correspondence games. Their clocks across restarts (StoredClockMark): each game's clock
// as a server last took it up, and when each server process last said it was alive (owner:
// storage/store.h, this_process_owner()). And each player's conditional moves
// (StoredConditionals).
constexpr const char* kStep9 = R"sql(
CREATE TABLE clock_marks (
  room_id      TEXT NOT NULL,
  game_no      INTEGER NOT NULL,
  ply          INTEGER NOT NULL,
  remaining_ms INTEGER NOT NULL,
  server_ms    INTEGER NOT NULL,
  owner        TEXT NOT NULL,
  PRIMARY KEY (room_id, game_no),
  FOREIGN KEY (room_id, game_no) REFERENCES games (room_id, game_no)
) WITHOUT ROWID;
CREATE TABLE alive_marks (
  owner     TEXT PRIMARY KEY,
  server_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE conditionals (
  room_id    TEXT NOT NULL,
  game_no    INTEGER NOT NULL,
  player     INTEGER NOT NULL,
  ply        INTEGER NOT NULL,
  lines_json TEXT NOT NULL,
  PRIMARY KEY (room_id, game_no, player),
  FOREIGN KEY (room_id, game_no) REFERENCES games (room_id, game_no)
) WITHOUT ROWID;
)sql";

// Step 10: Web Push subscriptions (StoredPushSubscription): a few per player of a room,
// keyed by the push service's endpoint; the index finds an endpoint in every room when its
// push service says it no longer exists. They go with their room when it closes.
constexpr const char* kStep10 = R"sql(
CREATE TABLE push_subscriptions (
  room_id   TEXT NOT NULL REFERENCES rooms (room_id),
  player    INTEGER NOT NULL,
  endpoint  TEXT NOT NULL,
  p256dh    TEXT NOT NULL,
  auth      TEXT NOT NULL,
  server_ms INTEGER NOT NULL,
  PRIMARY KEY (room_id, player, endpoint)
) WITHOUT ROWID;
CREATE INDEX push_subscriptions_by_endpoint ON push_subscriptions (endpoint);
)sql";

// PostgreSQL's steps have the same numbers (pg_migrations.cpp); its steps 7 and 8 (room
// ownership for several servers) have no counterpart here.
constexpr std::array kSteps = {kStep1, kStep2, kStep3, kStep4, kStep5,
                               kStep6, kStep7, kStep8, kStep9, kStep10};

}  // namespace

int current_schema_version() {
  return static_cast<int>(kSteps.size());
}

Result<int> schema_version(Connection& db) {
  auto v = db.query_int("PRAGMA user_version");
  if (!v) return v.error();
  return static_cast<int>(*v);
}

Result<void> migrate(Connection& db, int target) {
  if (target < 0) target = current_schema_version();
  auto version = schema_version(db);
  if (!version) return version.error();
  if (*version > current_schema_version())
    return schema_too_new(*version, current_schema_version());
  for (int step = *version; step < target; ++step) {
    Transaction tx(db);
    if (auto r = tx.begin(); !r) return r;
    if (auto r = db.exec(kSteps[static_cast<std::size_t>(step)]); !r) return r;
    // user_version lives in the database header, so it commits with the step or not at all.
    if (auto r = db.exec("PRAGMA user_version = " + std::to_string(step + 1)); !r) return r;
    if (auto r = tx.commit(); !r) return r;
  }
  return ok();
}

}  // namespace banmen::server::sqlite
