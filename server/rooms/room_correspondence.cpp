// Days per move (rooms/correspondence_clock.h): the clock taken up after a restart or a
// failover, and the mark that tells the next server whose alive marks bound its charge.
#include <spdlog/spdlog.h>

#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

void Room::take_up_correspondence(const StoredRoom& stored) {
  correspondence_count_.set(true);
  const auto plies = match_.game().history_size();
  // The clock runs from the second ply on (docs/rules/play.md); before that there is
  // nothing to charge, only the mark to write.
  if (plies >= 2 && !stored.moves.empty()) {
    const int to_move = match_.game().to_move();
    ClockState state = match_.clock().settled();
    state.remaining_ms[to_move] = correspondence_time_left(stored, to_move, plies, unix_ms());
    match_.restore_clock(state);
    match_.resume_turn(steady_ms());
    spdlog::info("room {} game {}: correspondence clock of seat {} taken up with {} ms left", id_,
                 match_.game_no(), to_move, state.remaining_ms[to_move]);
    // Its time ran out while a server still ran it: the flag falls at once, on the strand.
    arm_flag_timer();
  }
  run([this] { mark_correspondence_clock(); });
}

void Room::mark_correspondence_clock() {
  if (match_.status() != Status::playing || !match_.clock().spec().correspondence()) return;
  const auto& game = match_.game();
  const int to_move = game.to_move();
  const auto now = steady_ms();
  StoredClockMark mark{id_, match_.game_no(), static_cast<int>(game.history_size()),
                       match_.clock().at(now).remaining_ms[to_move], unix_ms()};
  store_then(mark, [this, game_no = mark.game_no](const Result<void>& stored) {
    if (stored) return;
    // Tried again while the same game is in play (a finished one has nothing to mark).
    spdlog::error("room {} game {}: clock mark not stored: {}", id_, game_no,
                  stored.error().message);
    auto timer = std::make_shared<boost::asio::steady_timer>(strand_, std::chrono::seconds(1));
    timer->async_wait([weak = weak_from_this(), timer, game_no](boost::system::error_code ec) {
      auto self = weak.lock();
      if (!ec && self && self->match_.game_no() == game_no) self->mark_correspondence_clock();
    });
  });
}

}  // namespace banmen::server
