// What one player offers and the other answers: draws, takebacks and rematches. The
// request table (room_requests.cpp) has checked who may ask and when.
#include <spdlog/spdlog.h>

#include "core/registry.h"
#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

void Room::publish_offer(const char* kind, int seat, const char* state) {
  events_.publish_same(json{{"type", "offer"}, {"kind", kind}, {"seat", seat}, {"state", state}});
}

void Room::withdraw_offers() {
  if (draw_offer_ >= 0) publish_offer("draw", std::exchange(draw_offer_, -1), "withdrawn");
  if (takeback_offer_ >= 0)
    publish_offer("takeback", std::exchange(takeback_offer_, -1), "withdrawn");
  if (computer_offer_ >= 0)
    publish_computer_offer(std::exchange(computer_offer_, -1), computer_offer_level_, "withdrawn");
}

void Room::on_draw(const Request& r) {
  const int seat = seating_.seat_of(r.member.player);
  auto agreed = [this] { publish_offer("draw", std::exchange(draw_offer_, -1), "accepted"); };
  if (r.type == "draw_offer") {
    if (draw_offer_ == 1 - seat)  // both want it
      return end_on_request(Outcome::draw("agreement"), r, agreed);
    if (draw_offer_ == seat) return ack(r);
    draw_offer_ = seat;
    ack(r);
    publish_offer("draw", seat, "made");
    // The computer plays on: it declines every draw.
    if (seating_.is_computer(1 - r.member.player)) computer_answers_offer("draw_decline");
    return;
  }
  if (draw_offer_ != 1 - seat) return refuse(r, errc::no_offer, "no draw offer to answer");
  if (r.type == "draw_accept") return end_on_request(Outcome::draw("agreement"), r, agreed);
  ack(r);
  publish_offer("draw", std::exchange(draw_offer_, -1), "declined");
}

void Room::on_takeback(const Request& r) {
  const int seat = seating_.seat_of(r.member.player);
  if (!options_.takebacks)
    return refuse(r, errc::takebacks_disabled, "this room does not allow takebacks");
  if (r.type == "takeback_request") {
    // The requester's last move: one ply back if the opponent is to move, else two.
    const std::size_t plies = game_->to_move() == seat ? 2 : 1;
    if (game_->history_size() < plies)
      return refuse(r, errc::nothing_to_take_back, "you have no move to take back");
    if (takeback_offer_ == seat) return ack(r);
    takeback_offer_ = seat;
    ack(r);
    publish_offer("takeback", seat, "made");
    // The computer agrees to every takeback.
    if (seating_.is_computer(1 - r.member.player)) computer_answers_offer("takeback_accept");
    return;
  }
  if (takeback_offer_ != 1 - seat) return refuse(r, errc::no_offer, "no takeback to answer");
  const int by = takeback_offer_;
  if (r.type == "takeback_decline") {
    takeback_offer_ = -1;
    ack(r);
    return publish_offer("takeback", by, "declined");
  }
  const std::size_t back = game_->to_move() == by ? 2 : 1;
  const std::size_t keep = game_->history_size() - back;
  commit_then(StoredTakeback{id_, game_no_, static_cast<int>(keep)}, r,
              [this, r, by, keep] { took_back(r, by, keep); });
}

void Room::took_back(const Request& r, int by, std::size_t keep) {
  stop_computer();  // it was thinking about a position that is going
  auto old_game = game_->clone();
  if (auto rebuilt = rebuild_game(keep); !rebuilt) {
    game_ = std::move(old_game);
    return refuse(r, errc::internal_error, rebuilt.error().message);
  }
  const auto now = steady_ms();
  clock_.restore(clock_before_[keep]);
  clock_before_.resize(keep);
  move_times_.resize(keep);
  turn_started_ms_ = now;
  if (keep >= 2) clock_.start(game_->to_move(), now);
  takeback_offer_ = draw_offer_ = computer_offer_ = -1;
  ack(r);
  spdlog::info("room {} game {}: takeback to ply {}", id_, game_no_, keep);
  publish_offer("takeback", by, "accepted");
  arm_first_move();  // taken back to before a first move: a fresh countdown
  publish_snapshots();
  events_.position_changed();
  arm_flag_timer();
  ask_computer();
}

void Room::on_rematch(const Request& r) {
  const int p = r.member.player;
  const int seat = seating_.seat_of(p);
  if (r.type == "rematch_decline") {
    if (!rematch_wanted_[1 - p]) return refuse(r, errc::no_offer, "no rematch offer");
    rematch_wanted_[1 - p] = false;
    ack(r);
    return publish_offer("rematch", 1 - seat, "declined");
  }
  // The computer always wants another game.
  if (seating_.is_computer(1 - p) && r.type != "rematch_decline") rematch_wanted_[1 - p] = true;
  if (r.type == "rematch_accept" && !rematch_wanted_[1 - p])
    return refuse(r, errc::no_offer, "no rematch offer");
  rematch_wanted_[p] = true;
  if (!rematch_wanted_[1 - p]) {
    ack(r);
    return publish_offer("rematch", seat, "made");
  }
  // Both want it: the same room, sides swapped unless the host chose to keep them, the
  // series score carried on.
  auto created = options_.new_game();
  if (!created) return refuse(r, created.error().code, created.error().message);
  auto old_game = std::make_shared<GamePtr>(std::move(game_));
  game_ = std::move(created.value());
  const bool swap = !options_.keep_sides;
  if (swap) seating_.swap_seats();
  ++game_no_;
  start_game([this, r, p, old_game, swap](const Result<void>& started) {
    if (!started) {
      --game_no_;
      if (swap) seating_.swap_seats();
      game_ = std::move(*old_game);
      rematch_wanted_[p] = false;
      store_ok(started, r.client.get(), r.re);
      return;
    }
    clock_ = GameClock(options_.clock);
    ack(r);
    publish_snapshots();
    events_.position_changed();
    ask_computer();
  });
}

}  // namespace banmen::server
