// Bringing the computer into a room that has a person's place free, and handing a player's
// seat to it for the rest of a game, which the other player must accept (an offer like a
// takeback: made, then accepted, declined or withdrawn by the next move). The request
// table (room_requests.cpp) has checked who may ask and when.
#include <spdlog/spdlog.h>

#include "protocol/error_codes.h"
#include "rooms/computer_facts.h"
#include "rooms/room.h"

namespace banmen::server {

void Room::on_computer_invite(const Request& r) {
  const int level = r.as<ComputerLevelFields>().level;
  if (auto plays = check_computer_game(options_.game); !plays)
    return refuse(r, plays.error().code, plays.error().message);
  options_.computer_level = level;
  options_.listed = false;
  ack(r);
  seat_computer(1, level, [this] { computer_game_starts(); });
}

void Room::on_computer_offer(const Request& r) {
  const int p = r.member.player;
  int offered_level = 0;
  if (r.type == "computer_offer") {
    if (auto plays = check_computer_game(options_.game); !plays)
      return refuse(r, plays.error().code, plays.error().message);
    if (seating_.is_computer(1 - p))
      return refuse(r, errc::unsupported, "the computer already plays the other seat");
    offered_level = r.as<ComputerLevelFields>().level;
  }
  const auto step = offers_.computer(r.type, offer_facts(r), offered_level);
  if (answered(r, step)) return;
  // The hand-over is stored before anyone hears of it, so a restart brings the computer
  // back to the seat (room_restore.cpp); the person's name and token stay in the record.
  const int giver = seating_.player_at(step.by);
  const int game_no = match_.game_no();
  commit_then(handed_seat_record(giver, game_no, step.level), r, [this, r, step, giver, game_no] {
    ack(r);
    if (match_.status() != Status::playing || game_no != match_.game_no())
      return;  // it ended meanwhile
    hand_seat_to_computer(giver, step.level);
    arm_first_move();  // the computer has no first-move countdown
    publish_offers(step.events);
    publish_presence(giver);
    ask_computer();
  });
}

StoredSeat Room::handed_seat_record(int player, int game_no, int level) const {
  const auto& p = seating_.player(player);
  return StoredSeat{id_, {player, p.name, p.token_hash, game_no, level}};
}

void Room::hand_seat_to_computer(int player, int level) {
  seating_.set_computer(player, level);
  computer_.hand_over(player);
  spdlog::info("room {} game {}: player {} handed the seat to the computer (level {})", id_,
               match_.game_no(), player, level);
}

void Room::return_handed_seats() {
  for (int p = 0; p < 2; ++p) {
    if (!computer_.give_back(p)) continue;
    seating_.set_computer(p, 0);
    publish_presence(p);
    // Not waited for: a restart after the game ignores a hand-over of a finished game.
    services_.store.submit(handed_seat_record(p, 0, 0), [id = id_](Result<void> stored) {
      if (!stored)
        spdlog::warn("room {}: returned seat not recorded: {}", id, stored.error().message);
    });
  }
}

}  // namespace banmen::server
