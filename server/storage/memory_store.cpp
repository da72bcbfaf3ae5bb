#include "storage/memory_store.h"

namespace banmen::server {

namespace {
Error no_room(const std::string& id) {
  return make_error(storage_error, "no stored room " + id);
}
}  // namespace

void MemoryStore::fail_next_writes(int n, int skip) {
  std::lock_guard lock(mu_);
  fail_next_ = n;
  succeed_first_ = skip;
}

Result<void> MemoryStore::check_failure() {
  if (succeed_first_ > 0) {
    --succeed_first_;
    return ok();
  }
  if (fail_next_ <= 0) return ok();
  --fail_next_;
  return make_error(storage_error, "simulated storage failure");
}

MemoryStore::Room* MemoryStore::find(const std::string& room_id) {
  auto it = rooms_.find(room_id);
  return it == rooms_.end() ? nullptr : &it->second;
}

Result<void> MemoryStore::create_room(const StoredRoomInfo& room) {
  std::lock_guard lock(mu_);
  if (auto r = check_failure(); !r) return r;
  auto& slot = rooms_[room.room_id];
  slot = Room{};
  slot.stored.info = room;
  return ok();
}

Result<void> MemoryStore::seat_taken(const std::string& room_id, const StoredPlayer& player) {
  std::lock_guard lock(mu_);
  if (auto r = check_failure(); !r) return r;
  auto* room = find(room_id);
  if (!room) return no_room(room_id);
  for (auto& p : room->stored.players)
    if (p.player == player.player) {
      p = player;
      return ok();
    }
  room->stored.players.push_back(player);
  return ok();
}

Result<void> MemoryStore::game_started(const StoredGameStart& game) {
  std::lock_guard lock(mu_);
  if (auto r = check_failure(); !r) return r;
  auto* room = find(game.room_id);
  if (!room) return no_room(game.room_id);
  if (room->stored.game.game_no != 0) room->past.push_back(current_game(*room));
  room->stored.game = game;
  room->stored.moves.clear();
  room->finished = false;
  return ok();
}

Result<void> MemoryStore::move_appended(const StoredMove& move) {
  std::lock_guard lock(mu_);
  if (auto r = check_failure(); !r) return r;
  auto* room = find(move.room_id);
  if (!room || room->stored.game.game_no != move.game_no) return no_room(move.room_id);
  if (room->finished) return make_error(storage_error, "game not running");
  if (move.ply != static_cast<int>(room->stored.moves.size()) + 1)
    return make_error(storage_error, "move out of sequence");
  room->stored.moves.push_back(move);
  return ok();
}

Result<void> MemoryStore::takeback(const std::string& room_id, int game_no, int plies) {
  std::lock_guard lock(mu_);
  if (auto r = check_failure(); !r) return r;
  auto* room = find(room_id);
  if (!room || room->stored.game.game_no != game_no) return no_room(room_id);
  if (plies < 0 || plies > static_cast<int>(room->stored.moves.size()))
    return make_error(storage_error, "takeback beyond the record");
  room->stored.moves.resize(static_cast<std::size_t>(plies));
  return ok();
}

Result<void> MemoryStore::game_finished(const std::string& room_id, int game_no,
                                        const StoredOutcome& outcome, std::int64_t server_ms) {
  std::lock_guard lock(mu_);
  if (auto r = check_failure(); !r) return r;
  auto* room = find(room_id);
  if (!room || room->stored.game.game_no != game_no) return no_room(room_id);
  room->finished = true;
  room->outcome = outcome;
  room->finished_ms = server_ms;
  add_series_points(outcome, room->stored.game.seat_of_player, room->stored.score);
  return ok();
}

Result<void> MemoryStore::chat_line(const StoredChat& line) {
  std::lock_guard lock(mu_);
  if (auto r = check_failure(); !r) return r;
  auto* room = find(line.room_id);
  if (!room) return no_room(line.room_id);
  if (room->chat.size() < 1000) room->chat.push_back(line);
  return ok();
}

Result<std::vector<StoredRoom>> MemoryStore::load_unfinished() {
  std::lock_guard lock(mu_);
  std::vector<StoredRoom> out;
  for (const auto& [id, room] : rooms_)
    if (!room.finished && !room.closed) {
      out.push_back(room.stored);
      auto& chat = out.back().chat;
      auto first = room.chat.size() > 100 ? room.chat.end() - 100 : room.chat.begin();
      chat.assign(first, room.chat.end());
    }
  return out;
}

Result<void> MemoryStore::room_closed(const std::string& room_id, std::int64_t) {
  std::lock_guard lock(mu_);
  if (auto r = check_failure(); !r) return r;
  if (auto* room = find(room_id)) room->closed = true;
  return ok();
}

StoredGame MemoryStore::current_game(const Room& room) {
  StoredGame g;
  g.start = room.stored.game;
  g.moves = room.stored.moves;
  g.plies = static_cast<int>(g.moves.size());
  g.finished = room.finished;
  g.outcome = room.outcome;
  g.finished_ms = room.finished_ms;
  return g;
}

Result<StoredSeries> MemoryStore::list_games(const std::string& room_id, const GamesPage& page) {
  std::lock_guard lock(mu_);
  auto* room = find(room_id);
  if (!room) return make_error(stored_not_found, "no stored room " + room_id);
  StoredSeries series{room->stored.info, room->stored.players, {}, 0, {}};
  std::vector<StoredGame> all = room->past;
  if (room->stored.game.game_no != 0) all.push_back(current_game(*room));
  series.total_games = static_cast<int>(all.size());
  series.score[0] = room->stored.score[0];
  series.score[1] = room->stored.score[1];
  for (auto& g : all) {
    if (g.start.game_no < page.from_game_no || static_cast<int>(series.games.size()) >= page.limit)
      continue;
    g.moves.clear();
    series.games.push_back(std::move(g));
  }
  return series;
}

Result<StoredGame> MemoryStore::load_game(const std::string& room_id, int game_no) {
  std::lock_guard lock(mu_);
  auto* room = find(room_id);
  if (room && room->stored.game.game_no == game_no && game_no != 0) return current_game(*room);
  if (room)
    for (const auto& g : room->past)
      if (g.start.game_no == game_no) return g;
  return make_error(stored_not_found, "no game " + std::to_string(game_no) + " in room " + room_id);
}

}  // namespace banmen::server
