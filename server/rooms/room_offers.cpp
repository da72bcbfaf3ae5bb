// What one player offers and the other answers: draws, takebacks and rematches. The
// request table (room_requests.cpp) has checked who may ask and when.
#include <spdlog/spdlog.h>

#include "games/registry.h"
#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

void Room::publish_offers(const std::vector<OfferEvent>& events) {
  for (const auto& e : events) events_.publish_same(e.to_json());
}

bool Room::answered(const Request& r, const OfferStep& step) {
  if (step.then == OfferStep::Then::refuse) {
    refuse(r, step.code, step.message);
    return true;
  }
  if (step.then != OfferStep::Then::ack) return false;
  ack(r);
  publish_offers(step.events);
  if (!step.computer_answers.empty()) computer_answers_offer(step.computer_answers);
  return true;
}

OfferFacts Room::offer_facts(const Request& r) const {
  const int p = r.member.player;
  return {seating_.seat_of(p), seating_.is_computer(1 - p)};
}

void Room::on_draw(const Request& r) {
  const auto step = offers_.draw(r.type, offer_facts(r));
  if (answered(r, step)) return;
  end_on_request(Outcome::draw("agreement"), r,
                 [this] { publish_offers({offers_.draw_agreed()}); });
}

void Room::on_takeback(const Request& r) {
  auto step = offers_.takeback(r.type, offer_facts(r), options_.takebacks, match_.game().to_move(),
                               match_.game().history_size());
  if (answered(r, step)) return;
  commit_then(StoredTakeback{id_, match_.game_no(), static_cast<int>(step.keep)}, r,
              [this, r, step] { took_back(r, step); });
}

void Room::took_back(const Request& r, const OfferStep& step) {
  const std::size_t keep = step.keep;
  stop_computer();  // it was thinking about a position that is going
  auto rebuilt = match_.take_back(keep, options_, steady_ms());
  if (!rebuilt) return refuse(r, errc::internal_error, rebuilt.error().message);
  services_.metrics.replayed_plies_total += rebuilt.value();
  offers_.taken_back();
  const auto dropped = drop_conditionals();
  ack(r);
  spdlog::info("room {} game {}: takeback to ply {}", id_, match_.game_no(), keep);
  publish_offers(step.events);
  arm_first_move();  // taken back to before a first move: a fresh countdown
  publish_snapshots();
  events_.position_changed();
  arm_flag_timer();
  ask_computer();
  forget_stored_conditionals(dropped);
}

void Room::on_rematch(const Request& r) {
  const int p = r.member.player;
  if (answered(r, offers_.rematch(r.type, p, offer_facts(r)))) return;
  // Both want it: the same room, sides swapped unless the host chose to keep them, the
  // series score carried on.
  auto created = options_.new_game();
  if (!created) return refuse(r, created.error().code, created.error().message);
  auto replaced = std::make_shared<Match::Replaced>(
      match_.set_up(std::move(created.value()), options_.clock, match_.game_no() + 1));
  const bool swap = !options_.keep_sides;
  if (swap) seating_.swap_seats();
  start_game([this, r, p, replaced, swap](const Result<void>& started) {
    if (!started) {
      if (swap) seating_.swap_seats();
      match_.put_back(std::move(*replaced));
      offers_.rematch_failed(p);
      store_ok(started, r.client.get(), r.re);
      return;
    }
    ack(r);
    publish_snapshots();
    events_.position_changed();
    ask_computer();
  });
}

}  // namespace banmen::server
