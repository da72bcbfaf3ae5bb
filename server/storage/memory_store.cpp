#include "storage/memory_store.h"

#include <algorithm>
#include <tuple>

namespace banmen::server {

namespace {
Error no_room(const std::string& id) {
  return make_error(storage_error, "no stored room " + id);
}

// Oldest first: by server_ms, then endpoint (the order every store reads them back in).
bool older(const StoredPushSubscription& a, const StoredPushSubscription& b) {
  return std::tie(a.server_ms, a.endpoint) < std::tie(b.server_ms, b.endpoint);
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

void MemoryStore::submit(StoreWrite w, Committed committed) {
  Result<void> result = ok();
  {
    std::lock_guard lock(mu_);
    result = check_failure();
    if (result) result = std::visit([this](const auto& x) { return apply(x); }, w);
  }
  committed(std::move(result));
}

MemoryStore::Room* MemoryStore::find(const std::string& room_id) {
  auto it = rooms_.find(room_id);
  return it == rooms_.end() ? nullptr : &it->second;
}

Result<void> MemoryStore::apply(const StoredRoomInfo& room) {
  auto& slot = rooms_[room.room_id];
  slot = Room{};
  slot.stored.info = room;
  slot.last_active_ms = room.created_ms;
  return ok();
}

Result<void> MemoryStore::apply(const StoredSeat& seat) {
  auto* room = find(seat.room_id);
  if (!room) return no_room(seat.room_id);
  for (auto& p : room->stored.players)
    if (p.player == seat.player.player) {
      p = seat.player;
      return ok();
    }
  room->stored.players.push_back(seat.player);
  return ok();
}

Result<void> MemoryStore::apply(const StoredGameStart& game) {
  auto* room = find(game.room_id);
  if (!room) return no_room(game.room_id);
  if (room->stored.game.game_no != 0) room->past.push_back(current_game(*room));
  room->stored.game = game;
  room->stored.moves.clear();
  room->finished = false;
  room->last_active_ms = std::max(room->last_active_ms, game.started_ms);
  return ok();
}

Result<void> MemoryStore::apply(const StoredMove& move) {
  auto* room = find(move.room_id);
  if (!room || room->stored.game.game_no != move.game_no) return no_room(move.room_id);
  if (room->finished) return make_error(storage_error, "game not running");
  auto& moves = room->stored.moves;
  // The same move sent again as the last ply (its first answer lost): accepted once.
  if (!moves.empty() && move.ply == static_cast<int>(moves.size()) &&
      moves.back().move == move.move) {
    moves.back() = move;
    return ok();
  }
  if (move.ply != static_cast<int>(room->stored.moves.size()) + 1)
    return make_error(storage_error, "move out of sequence");
  room->stored.moves.push_back(move);
  return ok();
}

Result<void> MemoryStore::apply(const StoredTakeback& t) {
  auto* room = find(t.room_id);
  if (!room || room->stored.game.game_no != t.game_no) return no_room(t.room_id);
  if (t.plies < 0 || t.plies > static_cast<int>(room->stored.moves.size()))
    return make_error(storage_error, "takeback beyond the record");
  room->stored.moves.resize(static_cast<std::size_t>(t.plies));
  return ok();
}

Result<void> MemoryStore::apply(const StoredFinish& f) {
  auto* room = find(f.room_id);
  if (!room || room->stored.game.game_no != f.game_no) return no_room(f.room_id);
  room->finished = true;
  room->outcome = f.outcome;
  room->finished_ms = f.server_ms;
  room->last_active_ms = std::max(room->last_active_ms, f.server_ms);
  add_series_points(f.outcome, room->stored.game.seat_of_player, room->stored.score);
  return ok();
}

Result<void> MemoryStore::apply(const StoredChat& line) {
  auto* room = find(line.room_id);
  if (!room) return no_room(line.room_id);
  if (room->chat.size() < 1000) room->chat.push_back(line);
  room->last_active_ms = std::max(room->last_active_ms, line.server_ms);
  return ok();
}

Result<void> MemoryStore::apply(const StoredReview& review) {
  auto* room = find(review.room_id);
  if (!room) return no_room(review.room_id);
  bool known = room->stored.game.game_no == review.game_no && review.game_no != 0;
  for (const auto& g : room->past) known = known || g.start.game_no == review.game_no;
  if (!known) return make_error(storage_error, "no game " + std::to_string(review.game_no));
  room->reviews[review.game_no] = review;
  room->last_active_ms = std::max(room->last_active_ms, review.server_ms);
  return ok();
}

Result<void> MemoryStore::apply(const StoredAnalysis& analysis) {
  auto* room = find(analysis.room_id);
  if (!room) return no_room(analysis.room_id);
  // Game 0 is the record brought into the room: it has no game of the series.
  bool known = analysis.game_no == 0 || room->stored.game.game_no == analysis.game_no;
  for (const auto& g : room->past) known = known || g.start.game_no == analysis.game_no;
  if (!known) return make_error(storage_error, "no game " + std::to_string(analysis.game_no));
  room->analyses[analysis.game_no] = analysis;
  room->last_active_ms = std::max(room->last_active_ms, analysis.server_ms);
  return ok();
}

Result<void> MemoryStore::apply(const StoredImport& imported) {
  auto* room = find(imported.room_id);
  if (!room) return no_room(imported.room_id);
  room->imported = imported;
  room->last_active_ms = std::max(room->last_active_ms, imported.server_ms);
  return ok();
}

Result<void> MemoryStore::apply(const StoredClockMark& mark) {
  auto* room = find(mark.room_id);
  if (!room) return no_room(mark.room_id);
  if (room->stored.game.game_no != mark.game_no || room->finished)
    return make_error(storage_error, "no running game " + std::to_string(mark.game_no));
  room->clock_mark = mark;
  return ok();
}

Result<void> MemoryStore::apply(const StoredConditionals& lines) {
  auto* room = find(lines.room_id);
  if (!room) return no_room(lines.room_id);
  if (room->stored.game.game_no != lines.game_no || room->finished)
    return make_error(storage_error, "no running game " + std::to_string(lines.game_no));
  room->conditionals[lines.player] = lines;
  return ok();
}

Result<void> MemoryStore::apply(const StoredPushSubscription& sub) {
  auto* room = find(sub.room_id);
  if (!room || room->closed) return no_room(sub.room_id);
  auto& subs = room->push[sub.player];
  std::erase_if(subs, [&](const auto& s) { return s.endpoint == sub.endpoint; });
  // The one written now stays; of the others, the newest up to the cap.
  std::sort(subs.begin(), subs.end(), older);
  if (subs.size() >= kPushSubscriptionsPerPlayer)
    subs.erase(subs.begin(), subs.end() - (kPushSubscriptionsPerPlayer - 1));
  subs.push_back(sub);
  return ok();
}

Result<void> MemoryStore::apply(const StoredPushWithdrawal& gone) {
  auto withdraw = [&](std::vector<StoredPushSubscription>& subs) {
    std::erase_if(subs, [&](const auto& s) { return s.endpoint == gone.endpoint; });
  };
  if (gone.room_id.empty()) {
    for (auto& [id, room] : rooms_)
      for (auto& [player, subs] : room.push) withdraw(subs);
  } else if (auto* room = find(gone.room_id)) {
    if (auto it = room->push.find(gone.player); it != room->push.end()) withdraw(it->second);
  }
  return ok();
}

Result<std::vector<StoredPushSubscription>> MemoryStore::load_push_subscriptions(
    const std::string& room_id, int player) {
  std::lock_guard lock(mu_);
  std::vector<StoredPushSubscription> out;
  auto* room = find(room_id);
  if (!room) return out;  // a closed room has none left (StoredClose, close_idle_rooms)
  if (auto it = room->push.find(player); it != room->push.end()) out = it->second;
  std::sort(out.begin(), out.end(), older);
  return out;
}

Result<void> MemoryStore::mark_alive(std::int64_t now_ms) {
  std::lock_guard lock(mu_);
  alive_ms_ = std::max(alive_ms_, now_ms);
  return ok();
}

StoredRoom MemoryStore::stored_room(const Room& room) const {
  StoredRoom out = room.stored;
  out.finished = room.finished;
  if (room.finished) {
    out.outcome = room.outcome;
    out.finished_ms = room.finished_ms;
  }
  auto first = room.chat.size() > 100 ? room.chat.end() - 100 : room.chat.begin();
  out.chat.assign(first, room.chat.end());
  if (auto it = room.reviews.find(room.stored.game.game_no); it != room.reviews.end())
    out.review = it->second;
  // The last game's analysis and game 0's (the record brought in), once each.
  for (int n : {room.stored.game.game_no, 0}) {
    auto it = room.analyses.find(n);
    if (it != room.analyses.end() && (out.analyses.empty() || out.analyses.back().game_no != n))
      out.analyses.push_back(it->second);
  }
  out.imported = room.imported;
  if (!room.finished && room.clock_mark && room.clock_mark->game_no == room.stored.game.game_no) {
    out.clock_mark = room.clock_mark;
    out.clock_mark->alive_ms = alive_ms_;
  }
  if (!room.finished)
    for (const auto& [player, lines] : room.conditionals)
      if (lines.game_no == room.stored.game.game_no) out.conditionals.push_back(lines);
  return out;
}

Result<std::vector<StoredRoom>> MemoryStore::load_unfinished() {
  std::lock_guard lock(mu_);
  std::vector<StoredRoom> out;
  for (const auto& [id, room] : rooms_)
    if (!room.finished && !room.closed) out.push_back(stored_room(room));
  return out;
}

Result<StoredRoom> MemoryStore::load_room(const std::string& room_id) {
  std::lock_guard lock(mu_);
  auto* room = find(room_id);
  if (!room || room->closed) return make_error(stored_not_found, "no stored room " + room_id);
  return stored_room(*room);
}

Result<std::vector<std::string>> MemoryStore::close_idle_rooms(std::int64_t idle_before_ms,
                                                               std::int64_t now_ms, int limit) {
  std::lock_guard lock(mu_);
  std::vector<std::string> closed;
  for (auto& [id, room] : rooms_) {
    if (static_cast<int>(closed.size()) >= limit) break;
    const std::int64_t last_move =
        room.stored.moves.empty() ? 0 : room.stored.moves.back().server_ms;
    if (room.closed || std::max(room.last_active_ms, last_move) >= idle_before_ms) continue;
    room.closed = true;
    room.push.clear();
    (void)now_ms;  // the memory store keeps no closing time
    closed.push_back(id);
  }
  return closed;
}

Result<void> MemoryStore::apply(const StoredClose& close) {
  if (auto* room = find(close.room_id)) {
    room->closed = true;
    room->push.clear();
  }
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
  auto with_analysis = [&](StoredGame g) {
    if (auto it = room->analyses.find(game_no); it != room->analyses.end())
      g.analysis = it->second.analysis_json;
    return g;
  };
  if (room && room->stored.game.game_no == game_no && game_no != 0)
    return with_analysis(current_game(*room));
  if (room)
    for (const auto& g : room->past)
      if (g.start.game_no == game_no) return with_analysis(g);
  return make_error(stored_not_found, "no game " + std::to_string(game_no) + " in room " + room_id);
}

}  // namespace banmen::server
