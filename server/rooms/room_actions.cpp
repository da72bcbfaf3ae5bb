// Everything a player does besides moving: resign, offers, takebacks, abort, abandonment
// claims, rematch, game switch and chat. Each handler checks in the order of DESIGN.md.
#include <spdlog/spdlog.h>

#include "app/hub.h"
#include "core/registry.h"
#include "core/unicode_text.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

void Room::do_request(std::shared_ptr<Client> client, json req) {
  const json re = request_id(req);
  auto it = members_.find(client->client_id());
  if (it == members_.end() || closed_) {
    refuse(*client, re, "not_in_room", "join a room first");
    return client->left_room(this);
  }
  Member& m = it->second;
  const ClientPtr& c = client;
  const std::string type = get_string(req, "type").value_or("");
  touch();
  if (type == "move") return on_move(m, c, req, re);
  if (type == "chat") return on_chat(m, c, req, re);
  if (type == "switch_game") return on_switch_game(m, c, req, re);
  if (type.starts_with("rematch_")) return on_rematch(m, c, type, re);
  // Everything else acts on the game being played, by one of its players.
  if (m.player < 0) return refuse(*c, re, "not_a_player", "spectators cannot do that");
  if (status_ == Status::waiting)
    return refuse(*c, re, "game_not_started", "the opponent has not arrived yet");
  if (status_ == Status::over) return refuse(*c, re, "game_over", "the game is over");
  if (type == "resign") return on_resign(m, c, re);
  if (type == "declare") return on_declare(m, c, re);
  if (type == "abort") return on_abort(m, c, re);
  if (type == "claim") return on_claim(m, c, req, re);
  if (type.starts_with("draw_")) return on_draw(m, c, type, re);
  if (type.starts_with("takeback_")) return on_takeback(m, c, type, re);
  refuse(*c, re, "unknown_type", "unknown message type");
}

void Room::publish_offer(const char* kind, int seat, const char* state) {
  json j{{"type", "offer"}, {"kind", kind}, {"seat", seat}, {"state", state}};
  publish_same(std::move(j));
}

void Room::withdraw_offers() {
  if (draw_offer_ >= 0) publish_offer("draw", std::exchange(draw_offer_, -1), "withdrawn");
  if (takeback_offer_ >= 0)
    publish_offer("takeback", std::exchange(takeback_offer_, -1), "withdrawn");
}

void Room::on_resign(Member& m, const ClientPtr& c, const json& re) {
  end_on_request(Outcome::win(1 - seat_of_player_[m.player], "resignation"), c, re);
}

void Room::on_draw(Member& m, const ClientPtr& c, const std::string& type, const json& re) {
  const int seat = seat_of_player_[m.player];
  if (type == "draw_offer") {
    if (draw_offer_ == 1 - seat)  // both want it
      return end_on_request(Outcome::draw("agreement"), c, re, [this] {
        publish_offer("draw", std::exchange(draw_offer_, -1), "accepted");
      });
    if (draw_offer_ == seat) return reply(*c, json{{"type", "ack"}}, re);
    draw_offer_ = seat;
    reply(*c, json{{"type", "ack"}}, re);
    return publish_offer("draw", seat, "made");
  }
  if (type != "draw_accept" && type != "draw_decline")
    return refuse(*c, re, "unknown_type", "unknown message type");
  if (draw_offer_ != 1 - seat) return refuse(*c, re, "no_offer", "no draw offer to answer");
  if (type == "draw_accept")
    return end_on_request(Outcome::draw("agreement"), c, re, [this] {
      publish_offer("draw", std::exchange(draw_offer_, -1), "accepted");
    });
  reply(*c, json{{"type", "ack"}}, re);
  publish_offer("draw", std::exchange(draw_offer_, -1), "declined");
}

void Room::on_takeback(Member& m, const ClientPtr& c, const std::string& type, const json& re) {
  const int seat = seat_of_player_[m.player];
  if (!options_.takebacks)
    return refuse(*c, re, "takebacks_disabled", "this room does not allow takebacks");
  if (type == "takeback_request") {
    // The requester's last move: one ply back if the opponent is to move, else two.
    const std::size_t plies = game_->to_move() == seat ? 2 : 1;
    if (game_->history_size() < plies)
      return refuse(*c, re, "nothing_to_take_back", "you have no move to take back");
    if (takeback_offer_ == seat) return reply(*c, json{{"type", "ack"}}, re);
    takeback_offer_ = seat;
    reply(*c, json{{"type", "ack"}}, re);
    return publish_offer("takeback", seat, "made");
  }
  if (type != "takeback_accept" && type != "takeback_decline")
    return refuse(*c, re, "unknown_type", "unknown message type");
  if (takeback_offer_ != 1 - seat) return refuse(*c, re, "no_offer", "no takeback to answer");
  const int by = takeback_offer_;
  if (type == "takeback_decline") {
    takeback_offer_ = -1;
    reply(*c, json{{"type", "ack"}}, re);
    return publish_offer("takeback", by, "declined");
  }
  const std::size_t back = game_->to_move() == by ? 2 : 1;
  const std::size_t keep = game_->history_size() - back;
  commit_then(StoredTakeback{id_, game_no_, static_cast<int>(keep)}, c, re,
              [this, c, re, by, keep] { took_back(c, re, by, keep); });
}

void Room::took_back(const ClientPtr& c, const json& re, int by, std::size_t keep) {
  auto old_game = game_->clone();
  if (auto r = rebuild_game(keep); !r) {
    game_ = std::move(old_game);
    return refuse(*c, re, "internal_error", r.error().message);
  }
  const auto now = steady_ms();
  clock_.restore(clock_before_[keep]);
  clock_before_.resize(keep);
  move_times_.resize(keep);
  turn_started_ms_ = now;
  if (keep >= 2) clock_.start(game_->to_move(), now);
  takeback_offer_ = draw_offer_ = -1;
  reply(*c, json{{"type", "ack"}}, re);
  spdlog::info("room {} game {}: takeback to ply {}", id_, game_no_, keep);
  publish_offer("takeback", by, "accepted");
  publish_snapshots();
  position_version_ = version_;
  arm_flag_timer();
}

void Room::on_abort(Member&, const ClientPtr& c, const json& re) {
  if (game_->history_size() >= 2)
    return refuse(*c, re, "too_late_to_abort", "both sides have moved");
  end_on_request(Outcome::abort("aborted"), c, re);
}

void Room::on_claim(Member& m, const ClientPtr& c, const json& req, const json& re) {
  auto result = get_string(req, "result");
  if (!result || (*result != "win" && *result != "draw"))
    return refuse(*c, re, "bad_request", "claim needs result: win or draw");
  const auto& other = players_[1 - m.player];
  if (other.client != 0 || unix_ms() - other.gone_since_ms < hub_.config.abandon_timeout_ms)
    return refuse(*c, re, "opponent_present",
                  "the opponent is connected or has not been gone long enough");
  const int seat = seat_of_player_[m.player];
  const auto outcome =
      *result == "win" ? Outcome::win(seat, "abandonment") : Outcome::draw("abandonment");
  end_on_request(outcome, c, re);
}

void Room::end_if_abandoned() {
  run([this] {
    if (closed_ || status_ != Status::playing) return;
    const auto now = unix_ms();
    for (const auto& p : players_)
      if (p.client != 0 || p.gone_since_ms == 0 ||
          now - p.gone_since_ms < hub_.config.abandon_timeout_ms)
        return;
    // Left alone, the game would keep the room (and its creator's room quota) for
    // --room-max-idle-ms, and come back on every restart.
    spdlog::info("room {} game {}: both players gone, game ended", id_, game_no_);
    finish(game_->history_size() < 2 ? Outcome::abort("abandoned") : Outcome::draw("abandonment"));
  });
}

void Room::on_rematch(Member& m, const ClientPtr& c, const std::string& type, const json& re) {
  if (m.player < 0) return refuse(*c, re, "not_a_player", "spectators cannot do that");
  if (status_ != Status::over)
    return refuse(*c, re, "game_in_progress", "a rematch is offered after the game");
  const int p = m.player;
  const int seat = seat_of_player_[p];
  if (type == "rematch_decline") {
    if (!rematch_wanted_[1 - p]) return refuse(*c, re, "no_offer", "no rematch offer");
    rematch_wanted_[1 - p] = false;
    reply(*c, json{{"type", "ack"}}, re);
    return publish_offer("rematch", 1 - seat, "declined");
  }
  if (type != "rematch_offer" && type != "rematch_accept")
    return refuse(*c, re, "unknown_type", "unknown message type");
  if (type == "rematch_accept" && !rematch_wanted_[1 - p])
    return refuse(*c, re, "no_offer", "no rematch offer");
  rematch_wanted_[p] = true;
  if (!rematch_wanted_[1 - p]) {
    reply(*c, json{{"type", "ack"}}, re);
    return publish_offer("rematch", seat, "made");
  }
  // Both want it: the same room, sides swapped, the series score carried on.
  auto created = create_game(options_.game);
  if (!created) return refuse(*c, re, created.error().code, created.error().message);
  auto old_game = std::make_shared<GamePtr>(std::move(game_));
  game_ = std::move(created.value());
  std::swap(seat_of_player_[0], seat_of_player_[1]);
  ++game_no_;
  start_game([this, c, re, p, old_game](const Result<void>& started) {
    if (!started) {
      --game_no_;
      std::swap(seat_of_player_[0], seat_of_player_[1]);
      game_ = std::move(*old_game);
      rematch_wanted_[p] = false;
      store_ok(started, c.get(), re);
      return;
    }
    clock_ = GameClock(options_.clock);
    reply(*c, json{{"type", "ack"}}, re);
    publish_snapshots();
    position_version_ = version_;
  });
}

void Room::on_switch_game(Member& m, const ClientPtr& c, const json& req, const json& re) {
  if (m.player != 0) return refuse(*c, re, "not_host", "only the host may switch the game");
  if (status_ == Status::playing)
    return refuse(*c, re, "game_in_progress", "switch the game between games");
  auto game = get_string(req, "game");
  if (!game) return refuse(*c, re, "bad_request", "switch_game needs game");
  ClockSpec clock = options_.clock;
  if (req.contains("clock")) {
    auto parsed = parse_clock(req["clock"]);
    if (!parsed) return refuse(*c, re, parsed.error().code, parsed.error().message);
    clock = *parsed;
  }
  if (auto r = check_game_and_clock(*game, clock); !r)
    return refuse(*c, re, r.error().code, r.error().message);
  options_.game = *game;
  options_.clock = clock;
  rematch_wanted_[0] = rematch_wanted_[1] = false;
  reply(*c, json{{"type", "ack"}}, re);
  spdlog::info("room {} switched to {} ({})", id_, *game, clock.human());
  if (status_ == Status::waiting) {  // nothing played yet: show the new board at once
    game_ = std::move(create_game(*game).value());
    clock_ = GameClock(clock);
    publish_snapshots();
    position_version_ = version_;
    return;
  }
  json j{{"type", "options"}, {"options", options_.to_json()}};
  publish_same(std::move(j));
}

void Room::on_chat(Member& m, const ClientPtr& c, const json& req, const json& re) {
  // Line breaks become spaces; direction and zero-width characters go (core/unicode_text.h).
  auto raw = get_string(req, "text").value_or("");
  auto text = valid_utf8(raw) ? trim(plain_text(raw, raw.size())) : std::string();
  if (text.empty() || !valid_utf8(text) || utf8_length(text) > hub_.config.chat_max_chars)
    return refuse(
        *c, re, "bad_request",
        "chat text must be 1.." + std::to_string(hub_.config.chat_max_chars) + " characters");
  const auto now = unix_ms();
  auto& sent = chat_times(m);
  while (!sent.empty() && now - sent.front() >= hub_.config.chat_window_ms) sent.pop_front();
  if (static_cast<int>(sent.size()) >= hub_.config.chat_lines_per_window)
    return refuse(*c, re, "rate_limited", "too many chat lines; wait a moment");
  // The players' chat is part of the series and is stored with it. The spectators' is
  // live talk: relayed and kept in memory with the last lines, never written, so no crowd
  // can grow the database (and it does not come back after a restart).
  if (m.player < 0) return chat_recorded(m, c, re, text, now);
  commit_then(StoredChat{id_, m.player, m.name, "players", text, now}, c, re,
              [this, &m, c, re, text, now] { chat_recorded(m, c, re, text, now); });
}

std::deque<std::int64_t>& Room::chat_times(const Member& m) {
  return m.player >= 0 ? players_[m.player].chat_times : spectator_chat_times_;
}

void Room::chat_recorded(Member& m, const ClientPtr& c, const json& re, const std::string& text,
                         std::int64_t now) {
  const bool players_channel = m.player >= 0;
  const char* channel = players_channel ? "players" : "spectators";
  chat_times(m).push_back(now);
  json line{{"from", m.name},
            {"player", m.player >= 0 ? json(m.player) : json(nullptr)},
            {"channel", channel},
            {"text", text},
            {"time_ms", now}};
  chat_.push_back({line, players_channel});
  if (chat_.size() > 100) chat_.pop_front();
  reply(*c, json{{"type", "ack"}}, re);
  json event = line;
  event["type"] = "chat";
  publish([&](Viewer v) { return is_seat(v) == players_channel ? event : json(nullptr); });
}

}  // namespace banmen::server
