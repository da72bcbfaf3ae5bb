// Bringing a room back after a restart: everything comes from the store, the moves are
// replayed in the rules core and the clocks are recomputed from the times the server
// recorded with each move, so the side to move has been charged for the downtime too.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "app/hub.h"
#include "core/registry.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

void Room::restore(StoredRoom stored) {
  boost::asio::post(strand_, [self = shared_from_this(), s = std::move(stored)]() mutable {
    self->do_restore(std::move(s));
  });
}

void Room::do_restore(StoredRoom st) {
  auto fail = [&](const std::string& why) {
    spdlog::error("room {} cannot be restored: {}", id_, why);
    closed_ = true;
  };
  auto room_opts = parse_room_options(json::parse(st.info.options_json, nullptr, false));
  if (!room_opts) return fail(room_opts.error().message);
  options_ = room_opts.value();
  const auto now = unix_ms();
  for (const auto& p : st.players)
    if (p.player == 0 || p.player == 1)
      players_[p.player] = Player{true, p.name, p.token_hash, 0, now, {}};
  score_[0] = st.score[0];
  score_[1] = st.score[1];
  // Versions start above anything a client saw before the restart: they get snapshots.
  version_ = log_start_ = position_version_ = static_cast<std::uint64_t>(now);
  if (st.game.game_no == 0) {  // the second player never came
    auto g = create_game(options_.game);
    if (!g) return fail(g.error().message);
    game_ = std::move(g.value());
    clock_ = GameClock(options_.clock);
    game_no_ = 1;
    return;
  }
  if (auto game_opts = parse_room_options(json::parse(st.game.options_json, nullptr, false)))
    options_ = game_opts.value();  // the options the unfinished game was started with
  auto g = create_game(st.game.game_id, st.game.initial_position);
  if (!g) return fail(g.error().message);
  game_ = std::move(g.value());
  game_no_ = st.game.game_no;
  seat_of_player_[0] = st.game.seat_of_player[0];
  seat_of_player_[1] = st.game.seat_of_player[1];
  started_iso_ = iso8601_utc(st.game.started_ms);
  clock_ = GameClock(options_.clock);
  // Replay on the Unix time base the moves were recorded in.
  std::int64_t prev = st.game.started_ms;
  for (const auto& mv : st.moves) {
    clock_before_.push_back(clock_.at(mv.server_ms));
    if (auto r = game_->apply(mv.move); !r)
      return fail("move " + mv.move + ": " + r.error().message);
    clock_.stop_after_move(mv.server_ms);
    if (game_->history_size() >= 2 && !game_->over()) clock_.start(game_->to_move(), mv.server_ms);
    move_times_.push_back(mv.server_ms - prev);
    prev = mv.server_ms;
  }
  clock_.shift(steady_ms() - now);  // from Unix time to the monotonic clock
  turn_started_ms_ = steady_ms() - (now - prev);
  status_ = Status::playing;
  in_progress_ = true;
  spdlog::info("room {} restored: game {} {} at ply {}", id_, game_no_, options_.game,
               game_->history_size());
  if (game_->over()) return finish(game_->outcome());
  arm_flag_timer();  // fires at once if a flag fell while the server was down
}

}  // namespace banmen::server
