// Everything a player does besides moving and offering: resign, abort, abandonment claims,
// the game switch and chat. The request table (room_requests.cpp) has checked who may ask
// and when.
#include <spdlog/spdlog.h>

#include "core/unicode_text.h"
#include "games/registry.h"
#include "protocol/error_codes.h"
#include "rooms/endings.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

void Room::end_with(const Request& r, const Result<Outcome>& outcome) {
  if (!outcome) return refuse(r, outcome.error().code, outcome.error().message);
  end_on_request(*outcome, r);
}

void Room::on_resign(const Request& r) {
  end_on_request(resignation(seating_.seat_of(r.member.player)), r);
}

void Room::on_abort(const Request& r) {
  end_with(r, abort_outcome(match_.game().history_size()));
}

void Room::on_claim(const Request& r) {
  const int opponent = 1 - r.member.player;
  const ClaimFacts facts{seating_.seat_of(r.member.player),
                         seating_.is_computer(opponent),
                         seating_.player(opponent).client != 0,
                         unix_ms(),
                         claim_at_ms(opponent),
                         match_.clock().spec().correspondence()};
  end_with(r, claim_outcome(facts, r.as<ClaimFields>()));
}

void Room::end_if_abandoned() {
  run([this] {
    if (closed_ || match_.status() != Status::playing) return;
    // A correspondence game is played by people who come and go: its clock alone ends it.
    if (match_.clock().spec().correspondence()) return;
    // Left alone, the game would keep the room (and its creator's room quota) for
    // --room-max-idle-ms.
    switch (unattended(seating_, unix_ms(), services_.config.abandon_timeout_ms,
                       match_.game().history_size(), pauses_.adjourned())) {
      case Unattended::attended:
        return;
      case Unattended::adjourn:
        return adjourn();
      case Unattended::abort:
        spdlog::info("room {} game {}: both players gone before it began, game aborted", id_,
                     match_.game_no());
        return finish(Outcome::abort("abandoned"));
    }
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
  if (auto may = ChatLog::may_send(seating_.chat_times(r.member), now, config.chat_window_ms,
                                   config.chat_lines_per_window);
      !may)
    return refuse(r, may.error().code, may.error().message);
  auto write = ChatLog::write_for(id_, r.member, text, now);
  if (!write) return chat_recorded(r, text, now);
  commit_then(std::move(*write), r, [this, r, text, now] { chat_recorded(r, text, now); });
}

void Room::chat_recorded(const Request& r, const std::string& text, std::int64_t now) {
  seating_.chat_times(r.member).push_back(now);
  const json event = chat_.add(r.member, text, now);
  ack(r);
  const bool players_channel = r.member.player >= 0;
  events_.publish([&](Viewer v) { return is_seat(v) == players_channel ? event : json(nullptr); });
}

}  // namespace banmen::server
