#include "exports/my_rooms.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <unordered_set>

#include "exports/record_export.h"
#include "exports/time_left.h"
#include "protocol/error_codes.h"
#include "rooms/room_options.h"
#include "util/tokens.h"

namespace banmen::server {

namespace {

using nlohmann::json;

struct SeatAsked {
  std::string room;
  std::string token;
};

// The seats of a well-formed body, or the reason it is not one.
Result<std::vector<SeatAsked>> parse_my_rooms_seats(std::string_view body) {
  if (body.size() > kMyRoomsMaxBody)
    return make_error(errc::bad_request,
                      "the body is at most " + std::to_string(kMyRoomsMaxBody) + " bytes");
  auto doc = json::parse(body, nullptr, false);
  if (!doc.is_object() || !doc.contains("seats") || !doc["seats"].is_array())
    return make_error(errc::bad_request, R"(expected {"seats": [{"room": ..., "token": ...}]})");
  const json& seats = doc["seats"];
  if (seats.size() > kMyRoomsMaxSeats)
    return make_error(errc::bad_request,
                      "at most " + std::to_string(kMyRoomsMaxSeats) + " seats per request");
  std::vector<SeatAsked> out;
  out.reserve(seats.size());
  for (const auto& s : seats) {
    if (!s.is_object() || !s.contains("room") || !s["room"].is_string() || !s.contains("token") ||
        !s["token"].is_string())
      return make_error(errc::bad_request, "each seat is {\"room\": id, \"token\": token}");
    auto room = s["room"].get<std::string>();
    auto token = s["token"].get<std::string>();
    if (!is_urlsafe_id(room, 1, 64)) return make_error(errc::bad_request, "malformed room id");
    if (!is_urlsafe_id(token, 1, 128)) return make_error(errc::bad_request, "malformed token");
    out.push_back({std::move(room), std::move(token)});
  }
  return out;
}

// Tells apart the move lists of one game (a takeback and other moves give another key).
std::string last_move_facts_key(const StoredRoom& r, Viewer viewer) {
  std::size_t h = 0;
  for (const auto& m : r.moves) h = h * 1000003u ^ std::hash<std::string>{}(m.move);
  return r.info.room_id + '\n' + std::to_string(r.game.game_no) + '\n' +
         std::to_string(static_cast<int>(viewer)) + '\n' + std::to_string(r.moves.size()) + '\n' +
         std::to_string(h) + (r.finished ? "\nover" : "");
}

// The last game replayed for `viewer`: whose turn and its last move as they may see it.
std::optional<LastMoveFacts> replay_last_move_facts(const StoredRoom& r, Viewer viewer) {
  StoredGame g;
  g.start = r.game;
  g.plies = static_cast<int>(r.moves.size());
  g.finished = r.finished;
  g.outcome = r.outcome;
  g.finished_ms = r.finished_ms;
  g.moves = r.moves;
  auto game = replay_stored_game(g);
  if (!game) return std::nullopt;
  LastMoveFacts facts;
  facts.to_move = (*game)->over() ? -1 : (*game)->to_move();
  if (const auto n = (*game)->history_size(); n > 0) {
    facts.move = (*game)->notation(n - 1, viewer);
    facts.display = (*game)->display_notation(n - 1, viewer);
  }
  return facts;
}

json my_room_summary(const StoredRoom& r, int player, Viewer viewer,
                     const std::optional<LastMoveFacts>& facts, std::int64_t now_ms) {
  const bool started = r.game.game_no > 0;
  const json options =
      json::parse(started ? r.game.options_json : r.info.options_json, nullptr, false);
  std::string names[2];
  bool seated[2] = {false, false};
  for (const auto& p : r.players)
    if (p.player == 0 || p.player == 1) {
      names[p.player] = p.name;
      seated[p.player] = true;
    }
  const int seat = static_cast<int>(viewer);
  const std::string status = !started ? "waiting" : r.finished ? "over" : "playing";
  json out{{"room", r.info.room_id},
           {"game", started ? json(r.game.game_id)
                            : json(options.is_object() ? options.value("game", "") : "")},
           {"player", player},
           {"seat", started ? json(seat) : json(nullptr)},
           {"name", names[player]},
           {"opponent", seated[1 - player] ? json(names[1 - player]) : json(nullptr)},
           {"score", {r.score[player], r.score[1 - player]}},
           {"game_no", r.game.game_no},
           {"status", status},
           {"plies", r.moves.size()}};
  if (started && r.game.game_id == custom_game_id)
    out["variant"] = stored_game_choice(r.game).variant_name;
  else if (!started && options.is_object() && options.contains("variant_name"))
    out["variant"] = options["variant_name"];

  const bool playing = status == "playing" && facts && facts->to_move >= 0;
  out["to_move"] = playing ? json(facts->to_move) : json(nullptr);
  out["your_turn"] = playing && facts->to_move == seat;
  const bool has_clock = options.is_object() && options.contains("clock");
  out["clock"] = has_clock ? options["clock"] : json(nullptr);
  out["time_left_ms"] = nullptr;
  if (playing && has_clock)
    if (auto spec = parse_clock(options["clock"]))
      if (auto left = time_left_ms(*spec, r, facts->to_move, now_ms)) out["time_left_ms"] = *left;
  const bool moved = facts && !facts->move.empty();
  out["last_move"] = moved ? json(facts->move) : json(nullptr);
  out["last_move_display"] = moved ? json(facts->display) : json(nullptr);
  out["last_move_ms"] = r.moves.empty() ? json(nullptr) : json(r.moves.back().server_ms);
  // The last game was too long to replay within this request's share of work.
  if (started && !facts) out["incomplete"] = true;
  return out;
}

}  // namespace

std::optional<LastMoveFacts> LastMoveCache::find(const std::string& key) {
  std::lock_guard lock(mu_);
  auto it = by_key_.find(key);
  if (it == by_key_.end()) return std::nullopt;
  lru_.splice(lru_.end(), lru_, it->second);
  return it->second->second;
}

void LastMoveCache::keep(const std::string& key, LastMoveFacts facts) {
  std::lock_guard lock(mu_);
  if (auto it = by_key_.find(key); it != by_key_.end()) {
    it->second->second = std::move(facts);
    lru_.splice(lru_.end(), lru_, it->second);
    return;
  }
  while (!lru_.empty() && lru_.size() >= max_) {
    by_key_.erase(lru_.front().first);
    lru_.pop_front();
  }
  lru_.emplace_back(key, std::move(facts));
  by_key_.emplace(key, std::prev(lru_.end()));
}

ExportReply json_error_reply(unsigned status, std::string_view code, std::string_view message) {
  return ExportReply{status,
                     json{{"code", code}, {"message", message}}.dump() + "\n",
                     "application/json",
                     {},
                     false};
}

ExportReply my_rooms_reply(Store& store, std::string_view body, std::int64_t now_ms,
                           LastMoveCache* cache) {
  auto seats = parse_my_rooms_seats(body);
  if (!seats) return json_error_reply(400, seats.error().code, seats.error().message);

  json rooms = json::array();
  json unknown = json::array();
  std::unordered_set<std::string> seen;
  std::size_t replay_left = kMyRoomsMaxReplayPlies;
  for (const auto& asked : *seats) {
    if (!seen.insert(asked.room).second) continue;  // a room asked twice is answered once
    auto room = store.load_room(asked.room);
    if (!room) {
      if (room.error().code != stored_not_found)
        return json_error_reply(503, errc::storage_error, "storage unavailable");
      unknown.push_back(asked.room);
      continue;
    }
    StoredSeries series;
    series.players = room->players;
    const Viewer viewer = viewer_for_token_hash(series, room->game, sha256_hex(asked.token));
    if (!is_seat(viewer)) {  // not a player's token: said no differently from an unknown room
      unknown.push_back(asked.room);
      continue;
    }
    const int seat = static_cast<int>(viewer);
    const int player = room->game.seat_of_player[0] == seat ? 0 : 1;

    std::optional<LastMoveFacts> facts;
    if (room->game.game_no > 0) {
      const std::string key = last_move_facts_key(*room, viewer);
      if (cache) facts = cache->find(key);
      if (!facts && room->moves.size() <= replay_left) {
        replay_left -= room->moves.size();
        facts = replay_last_move_facts(*room, viewer);
        if (facts && cache) cache->keep(key, *facts);
      }
    }
    rooms.push_back(my_room_summary(*room, player, viewer, facts, now_ms));
  }
  json out{{"rooms", std::move(rooms)}, {"unknown", std::move(unknown)}, {"now_ms", now_ms}};
  return ExportReply{200, out.dump() + "\n", "application/json", {}, false};
}

}  // namespace banmen::server
