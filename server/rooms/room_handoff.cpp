// A room's part in sharing rooms between servers (docs/architecture.md, "More than one
// machine"): a room created for another connection to join, and a room that moves away.
#include <spdlog/spdlog.h>

#include "rooms/room.h"

namespace banmen::server {

void Room::opened_elsewhere(const ClientPtr& host, const json& re, const std::string& token) {
  // The answer goes out only once everything the first join needs is recorded: the room,
  // its host and, against the computer, its seat and the first game.
  auto answer = [this, host, re, token] {
    spdlog::info("room {} created game={} clock={} by conn {} (to join at {})", id_, options_.game,
                 options_.clock.human(), host->client_id(), url_of(id_));
    closed_ = true;  // nothing more happens here: the server the client reaches loads it
    json created = created_answer(token);  // no "role": this connection is not in the room
    created["seat"] = seating_.seat_of(0);
    reply(*host, std::move(created), re);
  };
  if (options_.computer_level > 0)
    return seat_computer(1, options_.computer_level,
                         [this, answer] { start_when_recorded(answer); });
  answer();
}

void Room::close_for_move(std::function<void()> then) {
  run([this, then = std::move(then)] {
    closed_ = true;
    moved_ = true;
    flag_timer_.cancel();
    stop_computer();
    analyses_.cancel();
    spectator_count_timer_.cancel();
    for (auto& [id, m] : seating_.take_members())
      if (auto c = m.client.lock()) {
        c->close(kRoomMovedCode, "room moved");
        c->left_room(this);
      }
    members_changed();
    if (then) then();
  });
}

}  // namespace banmen::server
