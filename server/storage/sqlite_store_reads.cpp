// Reading back: the unfinished rooms at start, and a room's series and games for exports.
#include "storage/sqlite_store.h"

namespace banmen::server {

using sqlite::Reset;

namespace {

constexpr int kRestoredChatLines = 100;

Error not_found(std::string what) {
  return make_error(stored_not_found, std::move(what));
}

}  // namespace

Result<StoredRoomInfo> SqliteStore::read_room(sqlite::Connection& db, const std::string& room_id) {
  auto st = db.cached("SELECT options_json, created_ms FROM rooms WHERE room_id = ?");
  if (!st) return st.error();
  Reset reset(**st);
  auto row = (*st)->bind(1, room_id).step();
  if (!row) return row.error();
  if (!*row) return not_found("no stored room " + room_id);
  return StoredRoomInfo{room_id, (*st)->text(0), (*st)->int64(1)};
}

Result<std::vector<StoredPlayer>> SqliteStore::read_players(sqlite::Connection& db,
                                                            const std::string& room_id) {
  auto st =
      db.cached("SELECT player, name, token_hash FROM players WHERE room_id = ? ORDER BY player");
  if (!st) return st.error();
  Reset reset(**st);
  (*st)->bind(1, room_id);
  std::vector<StoredPlayer> out;
  for (;;) {
    auto row = (*st)->step();
    if (!row) return row.error();
    if (!*row) return out;
    out.push_back({(*st)->int32(0), (*st)->text(1), (*st)->text(2)});
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
    StoredGame g;
    g.start.room_id = room_id;
    g.start.game_no = s.int32(0);
    g.start.game_id = s.text(1);
    g.start.options_json = s.text(2);
    g.start.initial_position = s.text(3);
    g.start.seat_of_player[0] = s.int32(4);
    g.start.seat_of_player[1] = s.int32(5);
    g.start.started_ms = s.int64(6);
    g.finished = !s.is_null(10);
    if (g.finished) {
      g.outcome = StoredOutcome{s.text(7), s.int32(8), s.text(9)};
      g.finished_ms = s.int64(10);
    }
    g.plies = s.int32(11);
    out.push_back(std::move(g));
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
    StoredMove m;
    m.room_id = room_id;
    m.game_no = game_no;
    m.ply = s.int32(0);
    m.move = s.text(1);
    m.remaining_ms[0] = s.int64(2);
    m.remaining_ms[1] = s.int64(3);
    m.periods_left[0] = s.int32(4);
    m.periods_left[1] = s.int32(5);
    m.server_ms = s.int64(6);
    m.used_ms = s.int64(7);
    m.in_byoyomi[0] = s.int64(8) != 0;
    m.in_byoyomi[1] = s.int64(9) != 0;
    out.push_back(std::move(m));
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
    StoredRoom room;
    auto info = read_room(*db_, id);
    auto players = read_players(*db_, id);
    auto games = read_games(*db_, id, {});
    auto chat = read_chat(*db_, id, kRestoredChatLines);
    if (!info) return info.error();
    if (!players) return players.error();
    if (!games) return games.error();
    if (!chat) return chat.error();
    room.info = std::move(*info);
    room.players = std::move(*players);
    room.chat = std::move(*chat);
    for (const auto& g : *games)
      if (g.finished) add_series_points(g.outcome, g.start.seat_of_player, room.score);
    if (!games->empty()) {
      room.game = games->back().start;
      auto moves = read_moves(*db_, id, room.game.game_no);
      if (!moves) return moves.error();
      room.moves = std::move(*moves);
    }
    out.push_back(std::move(room));
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

Result<StoredSeries> SqliteStore::list_games(const std::string& room_id, const GamesPage& page) {
  return with_reader([&](sqlite::Connection& db) -> Result<StoredSeries> {
    StoredSeries series;
    auto info = read_room(db, room_id);
    if (!info) return info.error();
    auto players = read_players(db, room_id);
    if (!players) return players.error();
    auto games = page.limit > 0 ? read_games(db, room_id, page)
                                : Result<std::vector<StoredGame>>(std::vector<StoredGame>{});
    if (!games) return games.error();
    if (auto r = read_totals(db, room_id, series); !r) return r.error();
    series.info = std::move(*info);
    series.players = std::move(*players);
    series.games = std::move(*games);
    return series;
  });
}

Result<StoredGame> SqliteStore::load_game(const std::string& room_id, int game_no) {
  return with_reader([&](sqlite::Connection& db) -> Result<StoredGame> {
    auto games = read_games(db, room_id, {game_no, 1});
    if (!games) return games.error();
    if (games->empty() || games->front().start.game_no != game_no)
      return not_found("no game " + std::to_string(game_no) + " in room " + room_id);
    auto moves = read_moves(db, room_id, game_no);
    if (!moves) return moves.error();
    games->front().moves = std::move(*moves);
    return std::move(games->front());
  });
}

}  // namespace banmen::server
