// Each side's first move of a timed game (docs/rules/play.md). The game clocks run from the
// second ply on, so that nobody loses time to reading the board they were just given; until
// then a fixed countdown (--first-move-ms) stands in for them, so nobody can hold a game
// without moving. When it runs out the game is aborted: no result, no series points, and
// the room goes on to a rematch as after any ending. The computer never waits to move, so
// its seat has no countdown.
#include <spdlog/spdlog.h>

#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

FirstMoveFacts Room::first_move_facts() const {
  const auto& game = match_.game();
  return {match_.status() == Status::playing,
          match_.clock().enabled(),
          services_.config.first_move_ms,
          game.over(),
          game.history_size(),
          seating_.is_computer(seating_.player_at(game.to_move())),
          match_.clock().spec().correspondence()};
}

void Room::arm_first_move() {
  first_move_timer_.cancel();
  // After a restart the countdown waits, like the clock, for the person to move to return.
  if (!pauses_.arm_first_move(Pauses::first_move_counts(first_move_facts()), steady_ms(),
                              services_.config.first_move_ms))
    return;
  first_move_timer_.expires_after(std::chrono::milliseconds(services_.config.first_move_ms + 1));
  first_move_timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    auto self = weak.lock();
    if (!ec && self) self->on_first_move_timer();
  });
}

void Room::on_first_move_timer() {
  // A write under way may be the first move itself: look again once the store answered.
  if (store_busy_) return run([this] { on_first_move_timer(); });
  if (match_.status() != Status::playing || !pauses_.first_move_running()) return;
  if (!pauses_.first_move_missed(steady_ms()))
    return;  // re-armed since (a takeback): its own timer
  spdlog::info("room {} game {}: seat {} made no first move in time, game aborted", id_,
               match_.game_no(), match_.game().to_move());
  finish(Outcome::abort("no_first_move"));
}

void Room::write_first_move(JsonWriter& w) const {
  // Sent as Unix time, like every time a client sees; it counts down against server_time_ms.
  const auto deadline = pauses_.first_move_deadline_unix(steady_ms(), unix_ms());
  if (!deadline) {
    w.null_field("first_move");
    return;
  }
  JsonWriter fm;
  fm.field("seat", match_.game().to_move()).field("deadline_ms", *deadline);
  w.raw_field("first_move", std::move(fm).done());
}

}  // namespace banmen::server
