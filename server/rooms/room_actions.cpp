// Everything a player does besides moving and offering: resign, abort, abandonment claims,
// the game switch and chat. The request table (room_requests.cpp) has checked who may ask
// and when.
#include <spdlog/spdlog.h>

#include "core/unicode_text.h"
#include "games/registry.h"
#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

void Room::on_resign(const Request& r) {
  end_on_request(Outcome::win(1 - seating_.seat_of(r.member.player), "resignation"), r);
}

void Room::on_abort(const Request& r) {
  if (match_.game().history_size() >= 2)
    return refuse(r, errc::too_late_to_abort, "both sides have moved");
  end_on_request(Outcome::abort("aborted"), r);
}

void Room::on_claim(const Request& r) {
  const auto& other = seating_.player(1 - r.member.player);
  if (seating_.is_computer(1 - r.member.player))
    return refuse(r, errc::opponent_present, "the computer never leaves");
  if (other.client != 0 || unix_ms() < claim_at_ms(1 - r.member.player))
    return refuse(r, errc::opponent_present,
                  "the opponent is connected or has not been gone long enough");
  const int seat = seating_.seat_of(r.member.player);
  const auto outcome =
      r.as<ClaimFields>().win ? Outcome::win(seat, "abandonment") : Outcome::draw("abandonment");
  end_on_request(outcome, r);
}

void Room::end_if_abandoned() {
  run([this] {
    if (closed_ || match_.status() != Status::playing) return;
    const auto now = unix_ms();
    for (int p = 0; p < 2; ++p) {
      const auto& player = seating_.player(p);
      if (seating_.is_computer(p)) continue;  // never gone, never there to claim
      if (player.client != 0 || player.gone_since_ms == 0 ||
          now - player.gone_since_ms < services_.config.abandon_timeout_ms)
        return;
    }
    if (adjourned_) return;
    // Left alone, the game would keep the room (and its creator's room quota) for
    // --room-max-idle-ms. A game not begun is simply aborted; any other waits, adjourned,
    // for both players to come back.
    if (match_.game().history_size() >= 2) return adjourn();
    spdlog::info("room {} game {}: both players gone before it began, game aborted", id_,
                 match_.game_no());
    finish(Outcome::abort("abandoned"));
  });
}

void Room::on_switch_game(const Request& r) {
  // The game and a clock given with it were checked as the request was read; the room's
  // own clock, kept when none was given, and its computer seat are checked here.
  const auto& chosen = r.as<SwitchGameFields>();
  const ClockSpec clock = chosen.clock.value_or(options_.clock);
  if (!chosen.clock) {
    if (auto checked = check_game_and_clock(chosen.chosen.game, clock); !checked)
      return refuse(r, checked.error().code, checked.error().message);
  }
  if (seating_.is_computer(0) || seating_.is_computer(1)) {
    if (auto checked = check_computer_game(chosen.chosen.game); !checked)
      return refuse(r, checked.error().code, checked.error().message);
  }
  options_.choose_game(chosen.chosen);
  options_.clock = clock;
  offers_.clear_rematch();
  ack(r);
  close_review_for_switch();
  spdlog::info("room {} switched to {} ({})", id_, options_.game, clock.human());
  if (match_.status() == Status::waiting) {  // nothing played yet: show the new board at once
    match_.set_up(std::move(options_.new_game().value()), clock, match_.game_no());
    publish_snapshots();
    events_.position_changed();
    return;
  }
  events_.publish_same(json{{"type", "options"}, {"options", options_.to_json()}});
}

void Room::on_chat(const Request& r) {
  const auto& config = services_.config;
  const std::string& text = r.as<ChatFields>().text;  // cleaned and bounded when read
  const auto now = unix_ms();
  auto& sent = seating_.chat_times(r.member);
  std::erase_if(sent, [&](std::int64_t t) { return now - t >= config.chat_window_ms; });
  if (static_cast<int>(sent.size()) >= config.chat_lines_per_window)
    return refuse(r, errc::rate_limited, "too many chat lines; wait a moment");
  // The players' chat is part of the series and is stored with it. The spectators' is
  // live talk: relayed and kept in memory with the last lines, never written, so no crowd
  // can grow the database (and it does not come back after a restart).
  if (r.member.player < 0) return chat_recorded(r, text, now);
  commit_then(StoredChat{id_, r.member.player, r.member.name, "players", text, now}, r,
              [this, r, text, now] { chat_recorded(r, text, now); });
}

void Room::chat_recorded(const Request& r, const std::string& text, std::int64_t now) {
  const Member& m = r.member;
  const bool players_channel = m.player >= 0;
  seating_.chat_times(m).push_back(now);
  json line =
      chat_line_json(m.name, m.player, players_channel ? "players" : "spectators", text, now);
  chat_.push_back({line, players_channel});
  if (chat_.size() > 100) chat_.erase(chat_.begin());
  ack(r);
  json event = line;
  event["type"] = "chat";
  events_.publish([&](Viewer v) { return is_seat(v) == players_channel ? event : json(nullptr); });
}

}  // namespace banmen::server
