#include "server_room.h"

#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>
#include <random>

#include "json_scan.h"
#include "message_type.h"
#include "shard.h"

namespace banmen::load {

using nlohmann::json;

namespace {
// The server refuses bursts above its per-connection rate; a refused move is tried again
// after this pause instead of at once.
constexpr auto kRateLimitedPause = std::chrono::milliseconds(250);
// A join refused while the server opens many rooms (rate_limited) or while the room moves
// between servers (room_busy) is sent again after this pause.
constexpr auto kJoinRetryPause = std::chrono::milliseconds(300);
}  // namespace

ServerRoom::ServerRoom(Shard& shard, int index, std::string game)
    : Room(shard, index), wanted_game_(std::move(game)) {}

void ServerRoom::send(int member, json message) {
  message["id"] = next_request_id_++;
  members_[static_cast<std::size_t>(member)]->send(message.dump());
}

void ServerRoom::opened(int member) {
  send(member, {{"type", "hello"}, {"protocol", 2}, {"client", "banmen-load/0.1"}});
}

std::string ServerRoom::choose_game(const json& games) const {
  if (wanted_game_ != "mix") return wanted_game_;
  // Every game the server lists is played there.
  std::vector<std::string> listed;
  for (const auto& g : games) listed.push_back(g.value("id", ""));
  if (listed.empty()) return {};
  return listed[static_cast<std::size_t>(index_) % listed.size()];
}

void ServerRoom::on_welcome(int member, const json& message) {
  if (message.value("protocol", 0) != 2) shard_.stats().error("protocol_mismatch");
  if (member < 2 && rejoining_[member]) {
    // Back on the room's URL: join there (the opening phase counted this member already).
    send_room_join(member);
    return;
  }
  if (member == 0 && !welcomed_) {
    welcomed_ = true;
    game_ = choose_game(message.value("games", json::array()));
    if (game_.empty()) shard_.stats().error("no_game_available");
  }
  connected(member);
}

void ServerRoom::join() {
  if (game_.empty()) return;
  const bool with_spectators = members_.size() > 2;
  send(0, {{"type", "create_room"},
           {"name", "load-" + std::to_string(index_)},
           {"game", game_},
           {"clock", {{"kind", "none"}}},
           {"side", "first"},
           {"takebacks", false},
           {"spectators", with_spectators},
           {"public", false}});
}

void ServerRoom::member_joined(int member) {
  ++joined_;
  if (member == 1) {
    // Spectators only after the guest: a joiner before it would take the second place.
    for (std::size_t m = 2; m < members_.size(); ++m) {
      send(
          static_cast<int>(m),
          {{"type", "join_room"}, {"room", room_id_}, {"name", "watch-" + std::to_string(index_)}});
    }
  }
  if (joined_ == static_cast<int>(members_.size())) all_joined();
}

void ServerRoom::on_message(int member, std::string_view text) {
  auto& stats = shard_.stats();
  if (shard_.playing()) {
    ++stats.messages_in;
    stats.bytes_in += text.size();
  }
  if (!is_player(member)) {
    on_spectator_message(member, text);
    return;
  }
  // Move events, most of the traffic, are read without a JSON document (see json_scan.h).
  // (Protocol 2 answers a move with the move event itself; an ack only for a resend.)
  const std::string_view type = message_type(text);
  if (type == "move") {
    on_move(member, text);
    return;
  }
  if (type == "ack") return;
  const json message = json::parse(text, nullptr, false);
  if (message.is_discarded() || !message.is_object()) {
    stats.error("bad_json");
    return;
  }
  try {
    on_player_message(member, message);
  } catch (const json::exception&) {
    stats.error("bad_message");
  }
}

// Spectators are most of the connections: their messages are only parsed when they matter.
void ServerRoom::on_spectator_message(int member, std::string_view text) {
  const std::string_view type = message_type(text);
  if (type == "joined") {
    member_joined(member);
  } else if (type == "welcome") {
    connected(member);
  } else if (type == "error") {
    const json message = json::parse(text, nullptr, false);
    shard_.stats().error(message.is_object() ? message.value("code", "error") : "error");
  }
}

void ServerRoom::on_player_message(int member, const json& message) {
  const std::string type = message.value("type", "");
  if (type == "snapshot") {
    on_snapshot(member, message);
  } else if (type == "welcome") {
    on_welcome(member, message);
  } else if (type == "room_created") {
    room_id_ = message.value("room", "");
    if (shard_.options().join_by_url) {
      host_token_ = message.value("token", "");
      room_target_ = shard_.target();
      room_target_.path = message.value("url", "/ws?room=" + room_id_);
      reconnect_to_room(0);
      return;
    }
    member_joined(0);
    send(1,
         {{"type", "join_room"}, {"room", room_id_}, {"name", "guest-" + std::to_string(index_)}});
  } else if (type == "joined") {
    seated_[member] = true;
    if (member == 0 && rejoining_[0]) reconnect_to_room(1);
    member_joined(member);
  } else if (type == "game_over") {
    players_[member].legal.clear();
    if (member == 0) {
      if (shard_.playing()) ++shard_.stats().games_over;
      send(0, {{"type", "rematch_offer"}});
    }
  } else if (type == "offer") {
    if (member == 1 && message.value("kind", "") == "rematch" &&
        message.value("state", "") == "made" && message.value("seat", -1) != players_[1].seat) {
      send(1, {{"type", "rematch_accept"}});
    }
  } else if (type == "error") {
    on_error(member, message);
  }
}

void ServerRoom::send_room_join(int member) {
  json join = {{"type", "join_room"}, {"room", room_id_}};
  if (member == 0)
    join["token"] = host_token_;
  else
    join["name"] = "guest-" + std::to_string(index_);
  send(member, std::move(join));
}

void ServerRoom::on_open(int member, bool ok, std::string_view what) {
  if (!ok && is_player(member) && rejoining_[member]) {
    // Not a connection of the opening phase: the room just never becomes ready.
    shard_.stats().error(what);
    return;
  }
  Room::on_open(member, ok, what);
}

void ServerRoom::reconnect_to_room(int member) {
  auto& slot = members_[static_cast<std::size_t>(member)];
  slot->close();
  // The old connection's last callbacks still name this member: they only count a closed
  // connection (expected) and find no game to play yet.
  slot = std::make_shared<Connection>(shard_.io(), *this, member);
  rejoining_[member] = true;
  slot->start(room_target_);
}

void ServerRoom::on_snapshot(int member, const json& message) {
  Player& p = players_[member];
  p.version = message.value("version", p.version);
  const auto& you = message.at("you");
  if (you.contains("seat") && you["seat"].is_number_integer()) p.seat = you["seat"].get<int>();
  ply_ = static_cast<long>(message.value("moves", json::array()).size());
  p.legal = message.value("legal_moves", std::vector<std::string>{});
  if (message.value("status", "") == "playing" && message.value("to_move", -1) == p.seat &&
      !p.legal.empty()) {
    turn(member);
  }
}

void ServerRoom::on_move(int member, std::string_view text) {
  Player& p = players_[member];
  p.version = scan_integer(top_level_value(text, "version"), p.version);
  ply_ = scan_integer(top_level_value(text, "ply"), ply_);
  if (scan_integer(top_level_value(text, "seat"), -1) != p.seat) received_move(ply_);
  const auto legal = top_level_value(text, "legal_moves");
  if (!scan_string_array(legal, p.legal)) shard_.stats().error("bad_move_event");
  if (scan_integer(top_level_value(text, "to_move"), -1) == p.seat && !p.legal.empty())
    turn(member);
}

void ServerRoom::on_error(int member, const json& message) {
  const std::string code = message.value("code", "error");
  if (member == 0 && room_id_.empty() && code == "rate_limited") {
    // create_room refused while the server creates many rooms at once: again shortly.
    ++shard_.stats().join_retries;
    auto timer = std::make_shared<boost::asio::steady_timer>(shard_.io(), kJoinRetryPause);
    timer->async_wait([this, timer](const boost::system::error_code& ec) {
      if (!ec) join();
    });
    return;
  }
  if (is_player(member) && rejoining_[member] && !seated_[member] &&
      (code == "rate_limited" || code == "room_busy")) {
    // A join on the room's URL loads the room from the store; a server opening many rooms
    // at once asks for patience ("try again"), as the web client does after a pause.
    ++shard_.stats().join_retries;
    auto timer = std::make_shared<boost::asio::steady_timer>(shard_.io(), kJoinRetryPause);
    timer->async_wait([this, timer, member](const boost::system::error_code& ec) {
      if (!ec) send_room_join(member);
    });
    return;
  }
  shard_.stats().error(code);
  const Player& p = players_[member];
  if (code == "rate_limited" && message.contains("re") && message["re"] == p.last_move_request) {
    turn_after(member, kRateLimitedPause);
  }
}

void ServerRoom::play(int member) {
  Player& p = players_[member];
  if (p.legal.empty()) return;
  std::uniform_int_distribution<std::size_t> pick(0, p.legal.size() - 1);
  const std::string& move = p.legal[pick(shard_.rng())];
  p.last_move_request = next_request_id_;
  const std::string move_id = std::to_string(index_) + "-" + std::to_string(next_request_id_);
  send(member, {{"type", "move"}, {"move", move}, {"version", p.version}, {"move_id", move_id}});
  sent_move(ply_ + 1);
}

}  // namespace banmen::load
