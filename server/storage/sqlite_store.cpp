// Opening the database and every write. Each write is a single statement, committed in a
// group commit's transaction (sqlite_group_commit.cpp).
#include "storage/sqlite_store.h"

#include "storage/sqlite_migrations.h"

namespace banmen::server {

using sqlite::Reset;
using sqlite::Statement;

namespace {

Error missing(const std::string& what) {
  return make_error(storage_error, what);
}

}  // namespace

Result<std::unique_ptr<SqliteStore>> SqliteStore::open(const SqliteOptions& options) {
  auto conn = sqlite::Connection::open(options.path, /*create=*/true);
  if (!conn) return conn.error();
  auto& db = **conn;
  // The busy timeout first: the other settings may already need the lock.
  if (auto r = db.exec("PRAGMA busy_timeout = " + std::to_string(options.busy_timeout_ms)); !r)
    return r.error();
  auto mode = db.cached("PRAGMA journal_mode = WAL");
  if (!mode) return mode.error();
  {
    Reset reset(**mode);
    auto row = (*mode)->step();
    if (!row) return row.error();
    // A :memory: database answers "memory"; a file must really be in WAL mode.
    std::string got = *row ? (*mode)->text(0) : "";
    if (options.path != ":memory:" && got != "wal")
      return make_error(storage_error,
                        "could not put " + options.path + " in WAL mode (got '" + got + "')");
  }
  const char* sync =
      options.synchronous_full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL";
  if (auto r = db.exec(sync); !r) return r.error();
  if (auto r = db.exec("PRAGMA foreign_keys = ON"); !r) return r.error();
  // A negative cache_size is in KiB.
  if (auto r = db.exec("PRAGMA cache_size = -" + std::to_string(options.cache_kib)); !r)
    return r.error();
  if (options.max_bytes > 0) {
    auto page = db.query_int("PRAGMA page_size");
    if (!page) return page.error();
    auto pages = std::max<std::int64_t>(1, options.max_bytes / *page);
    if (auto r = db.exec("PRAGMA max_page_count = " + std::to_string(pages)); !r) return r.error();
  }
  if (auto r = sqlite::migrate(db); !r) return r.error();
  std::unique_ptr<SqliteStore> store(new SqliteStore(std::move(*conn)));
  if (options.path != ":memory:") {
    // The readers' connection: read-only by pragma, so a bug can never write through it.
    auto reader = sqlite::Connection::open(options.path, /*create=*/false);
    if (!reader) return reader.error();
    if (auto r =
            (*reader)->exec("PRAGMA busy_timeout = " + std::to_string(options.busy_timeout_ms) +
                            "; PRAGMA query_only = ON; PRAGMA cache_size = -8192");
        !r)
      return r.error();
    store->reader_ = std::move(*reader);
  }
  // Checkpoints off the commit path (sqlite_checkpointer.h).
  if (options.path != ":memory:")
    store->checkpointer_ = std::make_unique<sqlite::Checkpointer>(
        store->db_->handle(), options.path, options.checkpoint_pages, options.busy_timeout_ms);
  return store;
}

// Each write below is run with mu_ held, inside a group commit's transaction.

Result<void> SqliteStore::touch(const std::string& room_id, std::int64_t ms) {
  auto st =
      db_->cached("UPDATE rooms SET last_active_ms = MAX(last_active_ms, ?) WHERE room_id = ?");
  if (!st) return st.error();
  Reset reset(**st);
  return (*st)->bind(1, ms).bind(2, room_id).run();
}

Result<void> SqliteStore::apply(const StoredRoomInfo& room) {
  auto st = db_->cached(
      "INSERT INTO rooms (room_id, options_json, created_ms, last_active_ms) "
      "VALUES (?1, ?2, ?3, ?3)");
  if (!st) return st.error();
  Reset reset(**st);
  return (*st)->bind(1, room.room_id).bind(2, room.options_json).bind(3, room.created_ms).run();
}

Result<void> SqliteStore::apply(const StoredSeat& seat) {
  const auto& player = seat.player;
  auto st = db_->cached(
      "INSERT INTO players (room_id, player, name, token_hash, computer_game, computer_level) "
      "VALUES (?, ?, ?, ?, ?, ?) "
      "ON CONFLICT (room_id, player) DO UPDATE SET name = excluded.name, "
      "token_hash = excluded.token_hash, computer_game = excluded.computer_game, "
      "computer_level = excluded.computer_level");
  if (!st) return st.error();
  Reset reset(**st);
  return (*st)
      ->bind(1, seat.room_id)
      .bind(2, player.player)
      .bind(3, player.name)
      .bind(4, player.token_hash)
      .bind(5, player.computer_game)
      .bind(6, player.computer_level)
      .run();
}

Result<void> SqliteStore::apply(const StoredGameStart& g) {
  auto st = db_->cached(
      "INSERT INTO games (room_id, game_no, game_id, options_json, initial_position, "
      "seat_of_player0, seat_of_player1, started_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  if (!st) return st.error();
  Reset reset(**st);
  auto r = (*st)
               ->bind(1, g.room_id)
               .bind(2, g.game_no)
               .bind(3, g.game_id)
               .bind(4, g.options_json)
               .bind(5, g.initial_position)
               .bind(6, g.seat_of_player[0])
               .bind(7, g.seat_of_player[1])
               .bind(8, g.started_ms)
               .run();
  if (!r) return r;
  return touch(g.room_id, g.started_ms);
}

Result<void> SqliteStore::apply(const StoredMove& m) {
  // One statement: the row goes in only if the game is running and this is the next ply
  // (no later ply stored, the previous one stored), so a move can never be stored out of
  // order or after the end. Both probes are primary-key lookups, whatever the game's length.
  // The same move already stored as the last ply is the same write sent again (its first
  // answer was lost): accepted, with this attempt's clocks, never stored twice (store.h).
  auto st = db_->cached(
      "INSERT INTO moves (room_id, game_no, ply, move, remaining0, remaining1, periods0, "
      "periods1, server_ms, used_ms, byoyomi0, byoyomi1) "
      "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12 "
      "WHERE EXISTS (SELECT 1 FROM games WHERE room_id = ?1 AND game_no = ?2 "
      "              AND finished_ms IS NULL) "
      "AND NOT EXISTS (SELECT 1 FROM moves WHERE room_id = ?1 AND game_no = ?2 AND ply > ?3) "
      "AND (?3 = 1 OR EXISTS (SELECT 1 FROM moves WHERE room_id = ?1 AND game_no = ?2 "
      "                       AND ply = ?3 - 1)) "
      "ON CONFLICT (room_id, game_no, ply) DO UPDATE SET remaining0 = excluded.remaining0, "
      "remaining1 = excluded.remaining1, periods0 = excluded.periods0, "
      "periods1 = excluded.periods1, server_ms = excluded.server_ms, used_ms = excluded.used_ms, "
      "byoyomi0 = excluded.byoyomi0, byoyomi1 = excluded.byoyomi1 WHERE move = excluded.move");
  if (!st) return st.error();
  Reset reset(**st);
  auto r = (*st)
               ->bind(1, m.room_id)
               .bind(2, m.game_no)
               .bind(3, m.ply)
               .bind(4, m.move)
               .bind(5, m.remaining_ms[0])
               .bind(6, m.remaining_ms[1])
               .bind(7, m.periods_left[0])
               .bind(8, m.periods_left[1])
               .bind(9, m.server_ms)
               .bind(10, m.used_ms)
               .bind(11, m.in_byoyomi[0] ? 1 : 0)
               .bind(12, m.in_byoyomi[1] ? 1 : 0)
               .run();
  if (!r) return r;
  if (db_->changes() != 1) return missing("move out of sequence or game not running");
  return ok();
}

Result<void> SqliteStore::apply(const StoredTakeback& t) {
  // No transaction of its own: the count only reads, and the DELETE is one statement.
  auto count = db_->cached("SELECT COUNT(*) FROM moves WHERE room_id = ? AND game_no = ?");
  if (!count) return count.error();
  {
    Reset reset(**count);
    auto row = (*count)->bind(1, t.room_id).bind(2, t.game_no).step();
    if (!row) return row.error();
    if (t.plies < 0 || t.plies > (*count)->int32(0)) return missing("takeback beyond the record");
  }
  auto del = db_->cached("DELETE FROM moves WHERE room_id = ? AND game_no = ? AND ply > ?");
  if (!del) return del.error();
  Reset reset(**del);
  return (*del)->bind(1, t.room_id).bind(2, t.game_no).bind(3, t.plies).run();
}

Result<void> SqliteStore::apply(const StoredFinish& f) {
  auto st = db_->cached(
      "UPDATE games SET result_kind = ?, winner = ?, reason = ?, finished_ms = ? "
      "WHERE room_id = ? AND game_no = ? AND finished_ms IS NULL");
  if (!st) return st.error();
  Reset reset(**st);
  auto r = (*st)
               ->bind(1, f.outcome.kind)
               .bind(2, f.outcome.winner)
               .bind(3, f.outcome.reason)
               .bind(4, f.server_ms)
               .bind(5, f.room_id)
               .bind(6, f.game_no)
               .run();
  if (!r) return r;
  if (db_->changes() != 1) return missing("no running game " + std::to_string(f.game_no));
  return touch(f.room_id, f.server_ms);
}

Result<void> SqliteStore::apply(const StoredChat& line) {
  auto st = db_->cached(
      "INSERT INTO chat (room_id, player, name, channel, text, server_ms) "
      "VALUES (?, ?, ?, ?, ?, ?)");
  if (!st) return st.error();
  Reset reset(**st);
  auto r = (*st)
               ->bind(1, line.room_id)
               .bind(2, line.player)
               .bind(3, line.name)
               .bind(4, line.channel)
               .bind(5, line.text)
               .bind(6, line.server_ms)
               .run();
  if (!r) return r;
  return touch(line.room_id, line.server_ms);
}

Result<void> SqliteStore::apply(const StoredAnalysis& analysis) {
  // Only for a game the store has, or game 0 (the record brought in) of a room it has.
  auto st = db_->cached(
      "INSERT INTO analyses (room_id, game_no, analysis_json, server_ms) "
      "SELECT ?1, ?2, ?3, ?4 WHERE EXISTS "
      "(SELECT 1 FROM games WHERE room_id = ?1 AND game_no = ?2) OR "
      "(?2 = 0 AND EXISTS (SELECT 1 FROM rooms WHERE room_id = ?1)) "
      "ON CONFLICT (room_id, game_no) DO UPDATE SET analysis_json = excluded.analysis_json, "
      "server_ms = excluded.server_ms");
  if (!st) return st.error();
  Reset reset(**st);
  auto r = (*st)
               ->bind(1, analysis.room_id)
               .bind(2, analysis.game_no)
               .bind(3, analysis.analysis_json)
               .bind(4, analysis.server_ms)
               .run();
  if (!r) return r;
  if (db_->changes() != 1)
    return missing("no game " + std::to_string(analysis.game_no) + " to analyse");
  return touch(analysis.room_id, analysis.server_ms);
}

Result<void> SqliteStore::apply(const StoredReview& review) {
  // Only for a game the store has; a later review of the same game replaces this one.
  auto st = db_->cached(
      "INSERT INTO reviews (room_id, game_no, tree_text, open, server_ms) "
      "SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS "
      "(SELECT 1 FROM games WHERE room_id = ?1 AND game_no = ?2) "
      "ON CONFLICT (room_id, game_no) DO UPDATE SET tree_text = excluded.tree_text, "
      "open = excluded.open, server_ms = excluded.server_ms");
  if (!st) return st.error();
  Reset reset(**st);
  auto r = (*st)
               ->bind(1, review.room_id)
               .bind(2, review.game_no)
               .bind(3, review.tree_text)
               .bind(4, review.open ? 1 : 0)
               .bind(5, review.server_ms)
               .run();
  if (!r) return r;
  if (db_->changes() != 1)
    return missing("no game " + std::to_string(review.game_no) + " to review");
  return touch(review.room_id, review.server_ms);
}

Result<void> SqliteStore::apply(const StoredImport& imported) {
  // Only for a room the store has; a later record brought in replaces this one.
  auto st = db_->cached(
      "INSERT INTO imports (room_id, game_id, root_position, tree_text, name, format, open, "
      "server_ms) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE EXISTS "
      "(SELECT 1 FROM rooms WHERE room_id = ?1) "
      "ON CONFLICT (room_id) DO UPDATE SET game_id = excluded.game_id, "
      "root_position = excluded.root_position, tree_text = excluded.tree_text, "
      "name = excluded.name, format = excluded.format, open = excluded.open, "
      "server_ms = excluded.server_ms");
  if (!st) return st.error();
  Reset reset(**st);
  auto r = (*st)
               ->bind(1, imported.room_id)
               .bind(2, imported.game_id)
               .bind(3, imported.root_position)
               .bind(4, imported.tree_text)
               .bind(5, imported.name)
               .bind(6, imported.format)
               .bind(7, imported.open ? 1 : 0)
               .bind(8, imported.server_ms)
               .run();
  if (!r) return r;
  if (db_->changes() != 1) return missing("no room " + imported.room_id);
  return touch(imported.room_id, imported.server_ms);
}

Result<void> SqliteStore::apply(const StoredClockMark& mark) {
  // Only for a game under way; a later mark of the same game replaces this one.
  auto st = db_->cached(
      "INSERT INTO clock_marks (room_id, game_no, ply, remaining_ms, server_ms, owner) "
      "SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM games WHERE room_id = ?1 "
      "AND game_no = ?2 AND finished_ms IS NULL) "
      "ON CONFLICT (room_id, game_no) DO UPDATE SET ply = excluded.ply, "
      "remaining_ms = excluded.remaining_ms, server_ms = excluded.server_ms, "
      "owner = excluded.owner");
  if (!st) return st.error();
  Reset reset(**st);
  auto r = (*st)
               ->bind(1, mark.room_id)
               .bind(2, mark.game_no)
               .bind(3, mark.ply)
               .bind(4, mark.remaining_ms)
               .bind(5, mark.server_ms)
               .bind(6, owner_)
               .run();
  if (!r) return r;
  if (db_->changes() != 1) return missing("no running game " + std::to_string(mark.game_no));
  return ok();
}

Result<void> SqliteStore::apply(const StoredConditionals& lines) {
  // Only for a game under way; a later write of the same player replaces this one.
  auto st = db_->cached(
      "INSERT INTO conditionals (room_id, game_no, player, ply, lines_json) "
      "SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM games WHERE room_id = ?1 "
      "AND game_no = ?2 AND finished_ms IS NULL) "
      "ON CONFLICT (room_id, game_no, player) DO UPDATE SET ply = excluded.ply, "
      "lines_json = excluded.lines_json");
  if (!st) return st.error();
  Reset reset(**st);
  auto r = (*st)
               ->bind(1, lines.room_id)
               .bind(2, lines.game_no)
               .bind(3, lines.player)
               .bind(4, lines.ply)
               .bind(5, lines.lines_json)
               .run();
  if (!r) return r;
  if (db_->changes() != 1) return missing("no running game " + std::to_string(lines.game_no));
  return ok();
}

Result<void> SqliteStore::apply(const StoredPushSubscription& sub) {
  // Only for an open room; the same endpoint of the same player replaces the earlier keys.
  auto st = db_->cached(
      "INSERT INTO push_subscriptions (room_id, player, endpoint, p256dh, auth, server_ms) "
      "SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM rooms WHERE room_id = ?1 "
      "AND closed_ms IS NULL) "
      "ON CONFLICT (room_id, player, endpoint) DO UPDATE SET p256dh = excluded.p256dh, "
      "auth = excluded.auth, server_ms = excluded.server_ms");
  if (!st) return st.error();
  {
    Reset reset(**st);
    auto r = (*st)
                 ->bind(1, sub.room_id)
                 .bind(2, sub.player)
                 .bind(3, sub.endpoint)
                 .bind(4, sub.p256dh)
                 .bind(5, sub.auth)
                 .bind(6, sub.server_ms)
                 .run();
    if (!r) return r;
    if (db_->changes() != 1) return missing("no open room " + sub.room_id);
  }
  // The cap, in the same transaction: the one written now stays, and of the player's others
  // the newest (server_ms, then endpoint) up to the cap.
  auto trim = db_->cached(
      "DELETE FROM push_subscriptions WHERE room_id = ?1 AND player = ?2 AND endpoint IN "
      "(SELECT endpoint FROM push_subscriptions WHERE room_id = ?1 AND player = ?2 "
      "AND endpoint <> ?3 ORDER BY server_ms DESC, endpoint DESC LIMIT -1 OFFSET ?4)");
  if (!trim) return trim.error();
  Reset reset(**trim);
  return (*trim)
      ->bind(1, sub.room_id)
      .bind(2, sub.player)
      .bind(3, sub.endpoint)
      .bind(4, static_cast<std::int64_t>(kPushSubscriptionsPerPlayer) - 1)
      .run();
}

Result<void> SqliteStore::apply(const StoredPushWithdrawal& gone) {
  // With no room: the endpoint in every room (its index), for whoever subscribed it.
  auto st = db_->cached(
      "DELETE FROM push_subscriptions WHERE endpoint = ?3 "
      "AND (?1 = '' OR (room_id = ?1 AND player = ?2))");
  if (!st) return st.error();
  Reset reset(**st);
  return (*st)->bind(1, gone.room_id).bind(2, gone.player).bind(3, gone.endpoint).run();
}

Result<void> SqliteStore::apply(const StoredClose& close) {
  {
    auto st = db_->cached("UPDATE rooms SET closed_ms = ? WHERE room_id = ? AND closed_ms IS NULL");
    if (!st) return st.error();
    Reset reset(**st);
    if (auto r = (*st)->bind(1, close.server_ms).bind(2, close.room_id).run(); !r) return r;
  }
  // A closed room pushes to nobody.
  auto st = db_->cached("DELETE FROM push_subscriptions WHERE room_id = ?");
  if (!st) return st.error();
  Reset reset(**st);
  return (*st)->bind(1, close.room_id).run();
}

}  // namespace banmen::server
