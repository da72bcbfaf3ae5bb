// Reading back from PostgreSQL: the unfinished rooms at start, and a room's series and
// games for exports. Each read is one REPEATABLE READ snapshot on the readers' connection,
// so it never waits for a commit and never sees half of one.
#include "storage/pg_store.h"
#include "storage/series_reads.h"

namespace banmen::server {

using pg::Params;
using pg::Row;

template <class Read>
auto PgStore::with_reader(Read&& read) -> decltype(read(std::declval<pg::Connection&>())) {
  std::lock_guard lock(reader_mu_);
  if (auto r = reader_->ensure(); !r) return r.error();
  if (auto r = reader_->exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !r)
    return r.error();
  auto result = read(*reader_);
  // A read transaction: ending it can lose nothing, and must happen whatever was read.
  if (auto r = reader_->exec(result ? "COMMIT" : "ROLLBACK"); !r && result) return r.error();
  return result;
}

Result<StoredRoomInfo> PgStore::read_room(pg::Connection& db, const std::string& room_id,
                                          bool open_only) {
  auto r = db.query(open_only ? "SELECT options_json, created_ms FROM rooms WHERE room_id = $1 "
                                "AND closed_ms IS NULL"
                              : "SELECT options_json, created_ms FROM rooms WHERE room_id = $1",
                    Params().add(room_id));
  if (!r) return r.error();
  if (PQntuples(r->get()) == 0) return make_error(stored_not_found, "no stored room " + room_id);
  Row row(r->get(), 0);
  return StoredRoomInfo{room_id, row.text(0), row.int64(1)};
}

Result<std::vector<StoredPlayer>> PgStore::read_players(pg::Connection& db,
                                                        const std::string& room_id) {
  auto r = db.query(
      "SELECT player, name, token_hash, computer_game, computer_level FROM players "
      "WHERE room_id = $1 ORDER BY player",
      Params().add(room_id));
  if (!r) return r.error();
  std::vector<StoredPlayer> out;
  for (int i = 0; i < PQntuples(r->get()); ++i) {
    Row row(r->get(), i);
    out.push_back({row.int32(0), row.text(1), row.text(2), row.int32(3), row.int32(4)});
  }
  return out;
}

Result<std::vector<StoredGame>> PgStore::read_games(pg::Connection& db, const std::string& room_id,
                                                    const GamesPage& page) {
  auto r = db.query(
      "SELECT g.game_no, g.game_id, g.options_json, g.initial_position, g.seat_of_player0, "
      "g.seat_of_player1, g.started_ms, g.result_kind, g.winner, g.reason, g.finished_ms, "
      "(SELECT count(*) FROM moves m WHERE m.room_id = g.room_id AND m.game_no = g.game_no) "
      "FROM games g WHERE g.room_id = $1 AND g.game_no >= $2::int ORDER BY g.game_no "
      "LIMIT $3::int",
      Params().add(room_id).add(page.from_game_no).add(page.limit));
  if (!r) return r.error();
  std::vector<StoredGame> out;
  for (int i = 0; i < PQntuples(r->get()); ++i) {
    Row s(r->get(), i);
    out.push_back(SeriesReads<PgStore>::game_from(s, room_id));
  }
  return out;
}

Result<std::vector<StoredMove>> PgStore::read_moves(pg::Connection& db, const std::string& room_id,
                                                    int game_no) {
  auto r = db.query(
      "SELECT ply, move, remaining0, remaining1, periods0, periods1, server_ms, used_ms, "
      "byoyomi0, byoyomi1 FROM moves WHERE room_id = $1 AND game_no = $2::int ORDER BY ply",
      Params().add(room_id).add(game_no));
  if (!r) return r.error();
  std::vector<StoredMove> out;
  out.reserve(static_cast<std::size_t>(PQntuples(r->get())));
  for (int i = 0; i < PQntuples(r->get()); ++i) {
    Row s(r->get(), i);
    out.push_back(SeriesReads<PgStore>::move_from(s, room_id, game_no));
  }
  return out;
}

Result<std::vector<StoredChat>> PgStore::read_chat(pg::Connection& db, const std::string& room_id,
                                                   int limit) {
  auto r = db.query(
      "SELECT player, name, channel, text, server_ms FROM "
      "(SELECT * FROM chat WHERE room_id = $1 ORDER BY id DESC LIMIT $2::int) c ORDER BY id",
      Params().add(room_id).add(limit));
  if (!r) return r.error();
  std::vector<StoredChat> out;
  for (int i = 0; i < PQntuples(r->get()); ++i) {
    Row s(r->get(), i);
    out.push_back({room_id, s.int32(0), s.text(1), s.text(2), s.text(3), s.int64(4)});
  }
  return out;
}

Result<void> PgStore::read_totals(pg::Connection& db, const std::string& room_id,
                                  StoredSeries& series) {
  // The points of add_series_points(), counted by PostgreSQL over every game of the room.
  auto r = db.query(
      "SELECT count(*), "
      "COALESCE(SUM(CASE WHEN finished_ms IS NULL THEN 0 WHEN result_kind = 'draw' THEN 0.5 "
      "  WHEN result_kind = 'win' AND winner = seat_of_player0 THEN 1 ELSE 0 END), 0)::float8, "
      "COALESCE(SUM(CASE WHEN finished_ms IS NULL THEN 0 WHEN result_kind = 'draw' THEN 0.5 "
      "  WHEN result_kind = 'win' AND winner = seat_of_player1 THEN 1 ELSE 0 END), 0)::float8 "
      "FROM games WHERE room_id = $1",
      Params().add(room_id));
  if (!r) return r.error();
  Row row(r->get(), 0);
  series.total_games = row.int32(0);
  series.score[0] = row.real(1);
  series.score[1] = row.real(2);
  return ok();
}

Result<std::vector<StoredRoom>> PgStore::load_unfinished() {
  return with_reader([&](pg::Connection& db) -> Result<std::vector<StoredRoom>> {
    // Open rooms whose last game (if any) has no result yet.
    auto ids = db.query(
        "SELECT r.room_id FROM rooms r WHERE r.closed_ms IS NULL AND NOT EXISTS ("
        "  SELECT 1 FROM games g WHERE g.room_id = r.room_id AND g.finished_ms IS NOT NULL"
        "  AND g.game_no = (SELECT MAX(game_no) FROM games WHERE room_id = r.room_id)) "
        "ORDER BY r.created_ms, r.room_id");
    if (!ids) return ids.error();
    std::vector<StoredRoom> out;
    out.reserve(static_cast<std::size_t>(PQntuples(ids->get())));
    for (int i = 0; i < PQntuples(ids->get()); ++i) {
      auto room = SeriesReads<PgStore>::room(db, Row(ids->get(), i).text(0));
      if (!room) return room.error();
      out.push_back(std::move(*room));
    }
    return out;
  });
}

Result<std::optional<StoredAnalysis>> PgStore::read_analysis(pg::Connection& db,
                                                             const std::string& room_id,
                                                             int game_no) {
  auto r = db.query(
      "SELECT analysis_json, server_ms FROM analyses WHERE room_id = $1 AND game_no = $2::int",
      Params().add(room_id).add(game_no));
  if (!r) return r.error();
  if (PQntuples(r->get()) == 0) return std::optional<StoredAnalysis>{};
  Row row(r->get(), 0);
  return std::optional<StoredAnalysis>{StoredAnalysis{room_id, game_no, row.text(0), row.int64(1)}};
}

Result<std::optional<StoredReview>> PgStore::read_review(pg::Connection& db,
                                                         const std::string& room_id, int game_no) {
  auto r = db.query(
      "SELECT tree_text, open, server_ms FROM reviews WHERE room_id = $1 AND game_no = $2::int",
      Params().add(room_id).add(game_no));
  if (!r) return r.error();
  if (PQntuples(r->get()) == 0) return std::optional<StoredReview>{};
  Row row(r->get(), 0);
  return std::optional<StoredReview>{
      StoredReview{room_id, game_no, row.text(0), row.boolean(1), row.int64(2)}};
}

Result<std::optional<StoredImport>> PgStore::read_import(pg::Connection& db,
                                                         const std::string& room_id) {
  auto r = db.query(
      "SELECT game_id, root_position, tree_text, name, format, open, server_ms FROM imports "
      "WHERE room_id = $1",
      Params().add(room_id));
  if (!r) return r.error();
  if (PQntuples(r->get()) == 0) return std::optional<StoredImport>{};
  Row row(r->get(), 0);
  return std::optional<StoredImport>{StoredImport{room_id, row.text(0), row.text(1), row.text(2),
                                                  row.text(3), row.text(4), row.boolean(5),
                                                  row.int64(6)}};
}

Result<std::optional<StoredClockMark>> PgStore::read_clock_mark(pg::Connection& db,
                                                                const std::string& room_id,
                                                                int game_no) {
  auto r = db.query(
      "SELECT c.ply, c.remaining_ms, c.server_ms, COALESCE(a.server_ms, 0) FROM clock_marks c "
      "LEFT JOIN alive_marks a ON a.owner = c.owner WHERE c.room_id = $1 AND c.game_no = $2",
      Params().add(room_id).add(game_no));
  if (!r) return r.error();
  if (PQntuples(r->get()) == 0) return std::optional<StoredClockMark>{};
  Row row(r->get(), 0);
  return std::optional<StoredClockMark>{
      StoredClockMark{room_id, game_no, row.int32(0), row.int64(1), row.int64(2), row.int64(3)}};
}

Result<std::vector<StoredConditionals>> PgStore::read_conditionals(pg::Connection& db,
                                                                   const std::string& room_id,
                                                                   int game_no) {
  auto r = db.query(
      "SELECT player, ply, lines_json FROM conditionals WHERE room_id = $1 AND game_no = $2 "
      "ORDER BY player",
      Params().add(room_id).add(game_no));
  if (!r) return r.error();
  std::vector<StoredConditionals> out;
  for (int i = 0; i < PQntuples(r->get()); ++i) {
    Row row(r->get(), i);
    out.push_back(StoredConditionals{room_id, game_no, row.int32(0), row.int32(1), row.text(2)});
  }
  return out;
}

Result<StoredRoom> PgStore::load_room(const std::string& room_id) {
  return with_reader([&](pg::Connection& db) { return SeriesReads<PgStore>::room(db, room_id); });
}

Result<std::vector<std::string>> PgStore::close_idle_rooms(std::int64_t idle_before_ms,
                                                           std::int64_t now_ms, int limit) {
  // On a connection of its own (opened at the first run), never the committer's: one
  // bounded statement, in its own transaction. Candidates come from the activity index;
  // each is kept open if its last game had a move since (primary-key probes).
  std::lock_guard lock(maintenance_mu_);
  auto db = maintenance_db();
  if (!db) return db.error();
  auto r = (*db)->query(
      "WITH closed AS (UPDATE rooms SET closed_ms = $1::bigint WHERE room_id IN ("
      "  SELECT r.room_id FROM rooms r WHERE r.closed_ms IS NULL"
      "  AND r.last_active_ms < $2::bigint"
      "  AND COALESCE((SELECT m.server_ms FROM moves m WHERE m.room_id = r.room_id"
      "    AND m.game_no = (SELECT MAX(g.game_no) FROM games g WHERE g.room_id = r.room_id)"
      "    ORDER BY m.ply DESC LIMIT 1), 0) < $2::bigint"
      "  ORDER BY r.last_active_ms LIMIT $3::int FOR UPDATE SKIP LOCKED) "
      "AND closed_ms IS NULL RETURNING room_id), "
      // The push subscriptions of the rooms closed go in the same statement.
      "gone AS (DELETE FROM push_subscriptions WHERE room_id IN (SELECT room_id FROM closed)) "
      "SELECT room_id FROM closed",
      Params().add(now_ms).add(idle_before_ms).add(limit));
  if (!r) return r.error();
  std::vector<std::string> closed;
  for (int i = 0; i < PQntuples(r->get()); ++i) closed.push_back(Row(r->get(), i).text(0));
  return closed;
}

Result<pg::Connection*> PgStore::maintenance_db() {
  if (!maintenance_) {
    auto conn = pg::Connection::open(
        options_.url,
        connection_options(options_, 3 * options_.timeout,
                           "SET lock_timeout = " + std::to_string(options_.timeout.count())));
    if (!conn) return conn.error();
    maintenance_ = std::move(*conn);
  }
  if (auto r = maintenance_->ensure(); !r) return r.error();
  return maintenance_.get();
}

Result<void> PgStore::mark_alive(std::int64_t now_ms) {
  // On the maintenance connection (close_idle_rooms' own): one row per server.
  std::lock_guard lock(maintenance_mu_);
  auto db = maintenance_db();
  if (!db) return db.error();
  auto r = (*db)->query(
      "INSERT INTO alive_marks (owner, server_ms) VALUES ($1, $2::bigint) "
      "ON CONFLICT (owner) DO UPDATE SET server_ms = "
      "GREATEST(alive_marks.server_ms, excluded.server_ms)",
      Params().add(owner_).add(now_ms));
  if (!r) return r.error();
  return ok();
}

Result<std::vector<StoredPushSubscription>> PgStore::load_push_subscriptions(
    const std::string& room_id, int player) {
  return with_reader([&](pg::Connection& db) -> Result<std::vector<StoredPushSubscription>> {
    auto r = db.query(
        "SELECT endpoint, p256dh, auth, server_ms FROM push_subscriptions "
        "WHERE room_id = $1 AND player = $2::int ORDER BY server_ms, endpoint COLLATE \"C\"",
        Params().add(room_id).add(player));
    if (!r) return r.error();
    std::vector<StoredPushSubscription> out;
    for (int i = 0; i < PQntuples(r->get()); ++i) {
      Row row(r->get(), i);
      out.push_back(StoredPushSubscription{room_id, player, row.text(0), row.text(1), row.text(2),
                                           row.int64(3)});
    }
    return out;
  });
}

Result<StoredSeries> PgStore::list_games(const std::string& room_id, const GamesPage& page) {
  return with_reader(
      [&](pg::Connection& db) { return SeriesReads<PgStore>::series(db, room_id, page); });
}

Result<StoredGame> PgStore::load_game(const std::string& room_id, int game_no) {
  return with_reader(
      [&](pg::Connection& db) { return SeriesReads<PgStore>::game(db, room_id, game_no); });
}

}  // namespace banmen::server
