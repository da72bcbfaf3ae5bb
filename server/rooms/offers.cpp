// The offer rules as values (offers.h): the room carries the steps out.
#include "rooms/offers.h"

#include <utility>

#include "protocol/error_codes.h"

namespace banmen::server {

json OfferEvent::to_json() const {
  json j{{"type", "offer"}, {"kind", kind}, {"seat", seat}, {"state", state}};
  if (kind == "computer") j["level"] = level;
  return j;
}

OfferStep OfferStep::refused(std::string_view code, std::string_view message) {
  OfferStep s;
  s.then = Then::refuse;
  s.code = code;
  s.message = message;
  return s;
}

namespace {
OfferStep acked(std::vector<OfferEvent> events = {}, std::string_view computer_answers = {}) {
  OfferStep s;
  s.events = std::move(events);
  s.computer_answers = computer_answers;
  return s;
}
OfferStep agreed_draw() {
  OfferStep s;
  s.then = OfferStep::Then::agree_draw;
  return s;
}
}  // namespace

OfferStep Offers::draw(std::string_view type, const OfferFacts& f) {
  const int seat = f.seat;
  if (type == "draw_offer") {
    if (draw_ == 1 - seat) return agreed_draw();  // both want it
    if (draw_ == seat) return acked();
    draw_ = seat;
    // The computer plays on: it declines every draw.
    return acked({{"draw", seat, "made"}}, f.opponent_is_computer ? "draw_decline" : "");
  }
  if (draw_ != 1 - seat) return OfferStep::refused(errc::no_offer, "no draw offer to answer");
  if (type == "draw_accept") return agreed_draw();
  return acked({{"draw", std::exchange(draw_, -1), "declined"}});
}

OfferEvent Offers::draw_agreed() {
  return {"draw", std::exchange(draw_, -1), "accepted"};
}

OfferStep Offers::takeback(std::string_view type, const OfferFacts& f, bool allowed, int to_move,
                           std::size_t plies) {
  const int seat = f.seat;
  if (!allowed)
    return OfferStep::refused(errc::takebacks_disabled, "this room does not allow takebacks");
  if (type == "takeback_request") {
    // The requester's last move: one ply back if the opponent is to move, else two.
    const std::size_t back = to_move == seat ? 2 : 1;
    if (plies < back)
      return OfferStep::refused(errc::nothing_to_take_back, "you have no move to take back");
    if (takeback_ == seat) return acked();
    takeback_ = seat;
    // The computer agrees to every takeback.
    return acked({{"takeback", seat, "made"}}, f.opponent_is_computer ? "takeback_accept" : "");
  }
  if (takeback_ != 1 - seat) return OfferStep::refused(errc::no_offer, "no takeback to answer");
  const int by = takeback_;
  if (type == "takeback_decline") {
    takeback_ = -1;
    return acked({{"takeback", by, "declined"}});
  }
  OfferStep s;
  s.then = OfferStep::Then::take_back;
  s.by = by;
  s.keep = plies - (to_move == by ? 2 : 1);
  s.events = {{"takeback", by, "accepted"}};
  return s;
}

void Offers::taken_back() {
  takeback_ = draw_ = computer_ = -1;
}

OfferStep Offers::rematch(std::string_view type, int p, const OfferFacts& f) {
  const int seat = f.seat;
  if (type == "rematch_decline") {
    if (!rematch_[1 - p]) return OfferStep::refused(errc::no_offer, "no rematch offer");
    rematch_[1 - p] = false;
    return acked({{"rematch", 1 - seat, "declined"}});
  }
  // The computer always wants another game.
  if (f.opponent_is_computer) rematch_[1 - p] = true;
  if (type == "rematch_accept" && !rematch_[1 - p])
    return OfferStep::refused(errc::no_offer, "no rematch offer");
  rematch_[p] = true;
  if (!rematch_[1 - p]) return acked({{"rematch", seat, "made"}});
  OfferStep s;
  s.then = OfferStep::Then::start_rematch;
  return s;
}

OfferStep Offers::computer(std::string_view type, const OfferFacts& f, int level) {
  const int seat = f.seat;
  if (type == "computer_offer") {
    computer_ = seat;
    computer_level_ = level;
    return acked({{"computer", seat, "made", level}});
  }
  if (computer_ != 1 - seat) return OfferStep::refused(errc::no_offer, "no seat offered to answer");
  const int by = std::exchange(computer_, -1);
  if (type == "computer_decline") return acked({{"computer", by, "declined", computer_level_}});
  OfferStep s;
  s.then = OfferStep::Then::hand_to_computer;
  s.by = by;
  s.level = computer_level_;
  s.events = {{"computer", by, "accepted", computer_level_}};
  return s;
}

std::vector<OfferEvent> Offers::after_move(int mover) {
  if (draw_ == mover || takeback_ >= 0 || computer_ >= 0) return withdraw();
  return {};
}

std::vector<OfferEvent> Offers::withdraw() {
  std::vector<OfferEvent> gone;
  if (draw_ >= 0) gone.push_back({"draw", std::exchange(draw_, -1), "withdrawn"});
  if (takeback_ >= 0) gone.push_back({"takeback", std::exchange(takeback_, -1), "withdrawn"});
  if (computer_ >= 0)
    gone.push_back({"computer", std::exchange(computer_, -1), "withdrawn", computer_level_});
  return gone;
}

json Offers::to_json(const int seat_of_player[2]) const {
  json offers{{"draw", draw_ >= 0 ? json(draw_) : json(nullptr)},
              {"takeback", takeback_ >= 0 ? json(takeback_) : json(nullptr)},
              {"computer", computer_ >= 0 ? json{{"seat", computer_}, {"level", computer_level_}}
                                          : json(nullptr)},
              {"rematch", nullptr}};
  for (int p = 0; p < 2; ++p)
    if (rematch_[p]) offers["rematch"] = seat_of_player[p];
  return offers;
}

}  // namespace banmen::server
