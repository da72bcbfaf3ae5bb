// The offers of a game (docs/protocol.md, "Offers"): a draw, a takeback, a rematch, a seat
// handed to the computer. This part owns who offered what and turns each offer request
// into a step, a value the room carries out: answer (ack or refusal), what the store must
// record first, and the events to publish. It has no strand, socket or store, so each rule
// is tested alone (tests/server/offers_test.cpp). The request table has already checked
// who may ask and when (room_requests.cpp).
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "protocol/messages.h"

namespace banmen::server {

// One `offer` event: {"type":"offer","kind","seat","state"} (+ "level" for the computer).
struct OfferEvent {
  std::string_view kind;   // draw, takeback, rematch, computer
  int seat = -1;           // who offered
  std::string_view state;  // made, accepted, declined, withdrawn
  int level = 0;           // computer: the level offered
  json to_json() const;
  bool operator==(const OfferEvent&) const = default;
};

// What the room does with an offer request.
struct OfferStep {
  enum class Then {
    ack,               // answer ack, then publish `events`
    refuse,            // answer `code`/`message`; nothing changed
    agree_draw,        // the game ends drawn by agreement (recorded first), then draw_agreed()
    take_back,         // record a takeback to `keep` plies, then taken_back()
    hand_to_computer,  // record seat `by` handed to the computer at `level`
    start_rematch,     // both want another game: start it (on failure, rematch_failed())
  };
  Then then = Then::ack;
  std::string_view code;     // refuse
  std::string_view message;  // refuse
  std::vector<OfferEvent> events;
  // The computer's answer to come, as its request type (takeback_accept, draw_decline), or
  // empty.
  std::string_view computer_answers;
  std::size_t keep = 0;  // take_back: the plies kept
  int by = -1;           // take_back, hand_to_computer: the seat that offered
  int level = 0;         // hand_to_computer

  static OfferStep refused(std::string_view code, std::string_view message);
};

// What an offer depends on besides the offers themselves.
struct OfferFacts {
  int seat = 0;                       // the sender's seat
  bool opponent_is_computer = false;  // the other place is the computer's
};

class Offers {
 public:
  // draw_offer, draw_accept, draw_decline.
  OfferStep draw(std::string_view type, const OfferFacts& f);
  // The agreed draw is recorded: its `accepted` event.
  OfferEvent draw_agreed();

  // takeback_request, takeback_accept, takeback_decline, in a game of `plies` plies whose
  // seat `to_move` is to move; `allowed`: the room's option.
  OfferStep takeback(std::string_view type, const OfferFacts& f, bool allowed, int to_move,
                     std::size_t plies);
  // The takeback is recorded and the game cut back: every offer of the position goes.
  void taken_back();

  // rematch_offer, rematch_accept, rematch_decline from player `player` (rematches are
  // wished by player: the seats swap with the new game).
  OfferStep rematch(std::string_view type, int player, const OfferFacts& f);
  // The rematch could not start: `player` no longer counts as wanting it.
  void rematch_failed(int player) { rematch_[player] = false; }
  void clear_rematch() { rematch_[0] = rematch_[1] = false; }

  // computer_offer at `level` (checked by the room), computer_accept, computer_decline.
  OfferStep computer(std::string_view type, const OfferFacts& f, int level);

  // A move was made by `mover`: its own draw offer and every takeback or computer offer
  // no longer apply. The events of those withdrawn.
  std::vector<OfferEvent> after_move(int mover);
  // The game ended: every offer of it is withdrawn (rematches stay). Their events.
  std::vector<OfferEvent> withdraw();
  // A new game began: nothing is offered.
  void reset() { *this = Offers{}; }

  // The snapshot's `offers` object; `seat_of_player` maps rematch wishes to seats.
  json to_json(const int seat_of_player[2]) const;

  int draw_by() const { return draw_; }
  int takeback_by() const { return takeback_; }
  int computer_by() const { return computer_; }
  bool rematch_wanted(int player) const { return rematch_[player]; }

 private:
  int draw_ = -1;      // seat
  int takeback_ = -1;  // seat
  int computer_ = -1;  // seat offering to hand itself to the computer
  int computer_level_ = 0;
  bool rematch_[2] = {false, false};  // by player
};

}  // namespace banmen::server
