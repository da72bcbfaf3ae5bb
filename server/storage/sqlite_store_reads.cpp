// Reading back: the unfinished rooms at start, and a room's series and games for exports.
#include "storage/series_reads.h"
#include "storage/sqlite_store.h"

namespace banmen::server {

using sqlite::Reset;

Result<StoredRoomInfo> SqliteStore::read_room(sqlite::Connection& db, const std::string& room_id,
                                              bool open_only) {
  auto st = db.cached(open_only ? "SELECT options_json, created_ms FROM rooms WHERE room_id = ? "
                                  "AND closed_ms IS NULL"
                                : "SELECT options_json, created_ms FROM rooms WHERE room_id = ?");
  if (!st) return st.error();
  Reset reset(**st);
  auto row = (*st)->bind(1, room_id).step();
  if (!row) return row.error();
  if (!*row) return make_error(stored_not_found, "no stored room " + room_id);
  return StoredRoomInfo{room_id, (*st)->text(0), (*st)->int64(1)};
}

Result<std::vector<StoredPlayer>> SqliteStore::read_players(sqlite::Connection& db,
                                                            const std::string& room_id) {
  auto st = db.cached(
      "SELECT player, name, token_hash, computer_game, computer_level FROM players "
      "WHERE room_id = ? ORDER BY player");
  if (!st) return st.error();
  Reset reset(**st);
  (*st)->bind(1, room_id);
  std::vector<StoredPlayer> out;
  for (;;) {
    auto row = (*st)->step();
    if (!row) return row.error();
    if (!*row) return out;
    out.push_back(
        {(*st)->int32(0), (*st)->text(1), (*st)->text(2), (*st)->int32(3), (*st)->int32(4)});
  }
}

Result<std::vector<StoredGame>> SqliteStore::read_games(sqlite::Connection& db,
                                                        const std::string& room_id,
                                                        const GamesPage& page) {
  auto st = db.cached(
      "SELECT g.game_no, g.game_id, g.options_json, g.initial_position, g.seat_of_player0, "
      "g.seat_of_player1, g.started_ms, g.result_kind, g.winner, g.reason, g.finished_ms, "
      "(SELECT COUNT(*) FROM moves m WHERE m.room_id = g.room_id AND m.game_no = g.game_no) "
      "FROM games g WHERE g.room_id = ? AND g.game_no >= ? ORDER BY g.game_no LIMIT ?");
  if (!st) return st.error();
  Reset reset(**st);
  auto& s = **st;
  s.bind(1, room_id).bind(2, page.from_game_no).bind(3, page.limit);
  std::vector<StoredGame> out;
  for (;;) {
    auto row = s.step();
    if (!row) return row.error();
    if (!*row) return out;
    out.push_back(SeriesReads<SqliteStore>::game_from(s, room_id));
  }
}

Result<std::vector<StoredMove>> SqliteStore::read_moves(sqlite::Connection& db,
                                                        const std::string& room_id, int game_no) {
  auto st = db.cached(
      "SELECT ply, move, remaining0, remaining1, periods0, periods1, server_ms, used_ms, "
      "byoyomi0, byoyomi1 "
      "FROM moves WHERE room_id = ? AND game_no = ? ORDER BY ply");
  if (!st) return st.error();
  Reset reset(**st);
  auto& s = **st;
  s.bind(1, room_id).bind(2, game_no);
  std::vector<StoredMove> out;
  for (;;) {
    auto row = s.step();
    if (!row) return row.error();
    if (!*row) return out;
    out.push_back(SeriesReads<SqliteStore>::move_from(s, room_id, game_no));
  }
}

Result<std::vector<StoredChat>> SqliteStore::read_chat(sqlite::Connection& db,
                                                       const std::string& room_id, int limit) {
  auto st = db.cached(
      "SELECT player, name, channel, text, server_ms FROM "
      "(SELECT * FROM chat WHERE room_id = ? ORDER BY id DESC LIMIT ?) ORDER BY id");
  if (!st) return st.error();
  Reset reset(**st);
  auto& s = **st;
  s.bind(1, room_id).bind(2, limit);
  std::vector<StoredChat> out;
  for (;;) {
    auto row = s.step();
    if (!row) return row.error();
    if (!*row) return out;
    out.push_back({room_id, s.int32(0), s.text(1), s.text(2), s.text(3), s.int64(4)});
  }
}

Result<std::vector<StoredRoom>> SqliteStore::load_unfinished() {
  std::lock_guard lock(mu_);
  std::vector<std::string> ids;
  {
    // Open rooms whose last game (if any) has no result yet.
    auto st = db_->cached(
        "SELECT r.room_id FROM rooms r WHERE r.closed_ms IS NULL AND NOT EXISTS ("
        "  SELECT 1 FROM games g WHERE g.room_id = r.room_id AND g.finished_ms IS NOT NULL"
        "  AND g.game_no = (SELECT MAX(game_no) FROM games WHERE room_id = r.room_id)) "
        "ORDER BY r.created_ms");
    if (!st) return st.error();
    Reset reset(**st);
    for (;;) {
      auto row = (*st)->step();
      if (!row) return row.error();
      if (!*row) break;
      ids.push_back((*st)->text(0));
    }
  }
  std::vector<StoredRoom> out;
  out.reserve(ids.size());
  for (const auto& id : ids) {
    auto room = SeriesReads<SqliteStore>::room(*db_, id);
    if (!room) return room.error();
    out.push_back(std::move(*room));
  }
  return out;
}

Result<void> SqliteStore::read_totals(sqlite::Connection& db, const std::string& room_id,
                                      StoredSeries& series) {
  // The points of add_series_points(), counted by SQLite over every game of the room.
  auto st = db.cached(
      "SELECT COUNT(*), "
      "TOTAL(CASE WHEN finished_ms IS NULL THEN 0 WHEN result_kind = 'draw' THEN 0.5 "
      "  WHEN result_kind = 'win' AND winner = seat_of_player0 THEN 1 ELSE 0 END), "
      "TOTAL(CASE WHEN finished_ms IS NULL THEN 0 WHEN result_kind = 'draw' THEN 0.5 "
      "  WHEN result_kind = 'win' AND winner = seat_of_player1 THEN 1 ELSE 0 END) "
      "FROM games WHERE room_id = ?");
  if (!st) return st.error();
  Reset reset(**st);
  auto row = (*st)->bind(1, room_id).step();
  if (!row) return row.error();
  if (!*row) return ok();
  series.total_games = (*st)->int32(0);
  series.score[0] = (*st)->real(1);
  series.score[1] = (*st)->real(2);
  return ok();
}

template <class Read>
auto SqliteStore::with_reader(Read&& read) -> decltype(read(std::declval<sqlite::Connection&>())) {
  if (!reader_) {
    std::lock_guard lock(mu_);
    return read(*db_);
  }
  std::lock_guard lock(reader_mu_);
  if (auto r = reader_->exec("BEGIN"); !r) return r.error();
  auto result = read(*reader_);
  // A read transaction: ending it can lose nothing, and must happen whatever was read.
  if (auto r = reader_->exec("COMMIT"); !r && result) return r.error();
  return result;
}

Result<std::optional<StoredReview>> SqliteStore::read_review(sqlite::Connection& db,
                                                             const std::string& room_id,
                                                             int game_no) {
  auto st =
      db.cached("SELECT tree_text, open, server_ms FROM reviews WHERE room_id = ? AND game_no = ?");
  if (!st) return st.error();
  Reset reset(**st);
  auto row = (*st)->bind(1, room_id).bind(2, game_no).step();
  if (!row) return row.error();
  if (!*row) return std::optional<StoredReview>{};
  return std::optional<StoredReview>{
      StoredReview{room_id, game_no, (*st)->text(0), (*st)->int64(1) != 0, (*st)->int64(2)}};
}

Result<std::optional<StoredAnalysis>> SqliteStore::read_analysis(sqlite::Connection& db,
                                                                 const std::string& room_id,
                                                                 int game_no) {
  auto st =
      db.cached("SELECT analysis_json, server_ms FROM analyses WHERE room_id = ? AND game_no = ?");
  if (!st) return st.error();
  Reset reset(**st);
  auto row = (*st)->bind(1, room_id).bind(2, game_no).step();
  if (!row) return row.error();
  if (!*row) return std::optional<StoredAnalysis>{};
  return std::optional<StoredAnalysis>{
      StoredAnalysis{room_id, game_no, (*st)->text(0), (*st)->int64(1)}};
}

Result<std::optional<StoredImport>> SqliteStore::read_import(sqlite::Connection& db,
                                                             const std::string& room_id) {
  auto st = db.cached(
      "SELECT game_id, root_position, tree_text, name, format, open, server_ms FROM imports "
      "WHERE room_id = ?");
  if (!st) return st.error();
  Reset reset(**st);
  auto row = (*st)->bind(1, room_id).step();
  if (!row) return row.error();
  if (!*row) return std::optional<StoredImport>{};
  auto& s = **st;
  return std::optional<StoredImport>{StoredImport{
      room_id, s.text(0), s.text(1), s.text(2), s.text(3), s.text(4), s.int64(5) != 0, s.int64(6)}};
}

Result<std::optional<StoredClockMark>> SqliteStore::read_clock_mark(sqlite::Connection& db,
                                                                    const std::string& room_id,
                                                                    int game_no) {
  auto st = db.cached(
      "SELECT c.ply, c.remaining_ms, c.server_ms, COALESCE(a.server_ms, 0) FROM clock_marks c "
      "LEFT JOIN alive_marks a ON a.owner = c.owner WHERE c.room_id = ? AND c.game_no = ?");
  if (!st) return st.error();
  Reset reset(**st);
  auto row = (*st)->bind(1, room_id).bind(2, game_no).step();
  if (!row) return row.error();
  if (!*row) return std::optional<StoredClockMark>{};
  auto& s = **st;
  return std::optional<StoredClockMark>{StoredClockMark{
      room_id, game_no, static_cast<int>(s.int64(0)), s.int64(1), s.int64(2), s.int64(3)}};
}

Result<std::vector<StoredConditionals>> SqliteStore::read_conditionals(sqlite::Connection& db,
                                                                       const std::string& room_id,
                                                                       int game_no) {
  auto st = db.cached(
      "SELECT player, ply, lines_json FROM conditionals WHERE room_id = ? AND game_no = ? "
      "ORDER BY player");
  if (!st) return st.error();
  Reset reset(**st);
  (*st)->bind(1, room_id).bind(2, game_no);
  std::vector<StoredConditionals> out;
  for (;;) {
    auto row = (*st)->step();
    if (!row) return row.error();
    if (!*row) return out;
    auto& s = **st;
    out.push_back(StoredConditionals{room_id, game_no, s.int32(0), s.int32(1), s.text(2)});
  }
}

Result<void> SqliteStore::mark_alive(std::int64_t now_ms) {
  // On the writer's connection, between two group commits: one row.
  std::lock_guard lock(mu_);
  auto st = db_->cached(
      "INSERT INTO alive_marks (owner, server_ms) VALUES (?2, ?1) "
      "ON CONFLICT (owner) DO UPDATE SET server_ms = MAX(server_ms, excluded.server_ms)");
  if (!st) return st.error();
  Reset reset(**st);
  return (*st)->bind(1, now_ms).bind(2, owner_).run();
}

Result<StoredRoom> SqliteStore::load_room(const std::string& room_id) {
  return with_reader(
      [&](sqlite::Connection& db) { return SeriesReads<SqliteStore>::room(db, room_id); });
}

Result<std::vector<std::string>> SqliteStore::close_idle_rooms(std::int64_t idle_before_ms,
                                                               std::int64_t now_ms, int limit) {
  // On the writer's connection, between two group commits: one bounded statement. The
  // candidates come from the activity index; each is then kept open if its last game had
  // a move since (primary-key probes). The push subscriptions of the rooms it closed go in
  // the same transaction.
  std::lock_guard lock(mu_);
  sqlite::Transaction tx(*db_);
  if (auto r = tx.begin(); !r) return r.error();
  auto st = db_->cached(
      "UPDATE rooms SET closed_ms = ?1 WHERE room_id IN ("
      "  SELECT r.room_id FROM rooms r WHERE r.closed_ms IS NULL AND r.last_active_ms < ?2"
      "  AND COALESCE((SELECT m.server_ms FROM moves m WHERE m.room_id = r.room_id"
      "    AND m.game_no = (SELECT MAX(g.game_no) FROM games g WHERE g.room_id = r.room_id)"
      "    ORDER BY m.ply DESC LIMIT 1), 0) < ?2"
      "  ORDER BY r.last_active_ms LIMIT ?3) "
      "RETURNING room_id");
  if (!st) return st.error();
  std::vector<std::string> closed;
  {
    Reset reset(**st);
    (*st)->bind(1, now_ms).bind(2, idle_before_ms).bind(3, limit);
    for (;;) {
      auto row = (*st)->step();
      if (!row) return row.error();
      if (!*row) break;
      closed.push_back((*st)->text(0));
    }
  }
  auto drop = db_->cached("DELETE FROM push_subscriptions WHERE room_id = ?");
  if (!drop) return drop.error();
  for (const auto& id : closed) {
    Reset reset(**drop);
    if (auto r = (*drop)->bind(1, id).run(); !r) return r.error();
  }
  if (auto r = tx.commit(); !r) return r.error();
  return closed;
}

Result<std::vector<StoredPushSubscription>> SqliteStore::load_push_subscriptions(
    const std::string& room_id, int player) {
  return with_reader([&](sqlite::Connection& db) -> Result<std::vector<StoredPushSubscription>> {
    auto st = db.cached(
        "SELECT endpoint, p256dh, auth, server_ms FROM push_subscriptions "
        "WHERE room_id = ? AND player = ? ORDER BY server_ms, endpoint");
    if (!st) return st.error();
    Reset reset(**st);
    (*st)->bind(1, room_id).bind(2, player);
    std::vector<StoredPushSubscription> out;
    for (;;) {
      auto row = (*st)->step();
      if (!row) return row.error();
      if (!*row) return out;
      auto& s = **st;
      out.push_back(
          StoredPushSubscription{room_id, player, s.text(0), s.text(1), s.text(2), s.int64(3)});
    }
  });
}

Result<StoredSeries> SqliteStore::list_games(const std::string& room_id, const GamesPage& page) {
  return with_reader(
      [&](sqlite::Connection& db) { return SeriesReads<SqliteStore>::series(db, room_id, page); });
}

Result<StoredGame> SqliteStore::load_game(const std::string& room_id, int game_no) {
  return with_reader(
      [&](sqlite::Connection& db) { return SeriesReads<SqliteStore>::game(db, room_id, game_no); });
}

}  // namespace banmen::server
