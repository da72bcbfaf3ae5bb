// When the game's clocks do not simply run (docs/rules/play.md): an adjourned game (both
// players left; nothing runs until both are back), a clock held after a restart until the
// side to move is back, and each side's first-move countdown, which stands in for the clock
// until both sides have moved. A part of the room (rooms/room.h): the room keeps the timers
// and carries out what this part says. Tested alone (tests/server/pauses_test.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace banmen::server {

// What decides whether the side to move has a first-move countdown.
struct FirstMoveFacts {
  bool playing = false;        // a game is in play
  bool clock_enabled = false;  // it has a clock
  std::int64_t length_ms = 0;  // --first-move-ms (0: no countdown)
  bool over = false;           // the rules ended it
  std::size_t plies = 0;
  bool mover_is_computer = false;  // the computer never waits to move
  bool correspondence = false;     // days per move: absence is the normal case
};

class Pauses {
 public:
  // True when the side to move now has a first-move countdown: a person, a timed game,
  // before the second ply.
  static bool first_move_counts(const FirstMoveFacts& f);

  bool adjourned() const { return adjourned_; }
  void adjourn() { adjourned_ = true; }
  // Both players are back: an adjourned game goes on (the restart's hold with it); true
  // when it was adjourned.
  bool end_adjournment();

  // After a restart the clock waits for the side to move to come back.
  void hold_clock() { clock_held_ = true; }
  bool clock_held() const { return clock_held_; }
  // The side to move is back: true when the clock was held (it runs again now).
  bool release_clock();

  // After a restart a first move's countdown starts afresh once the person to move is back.
  void hold_first_move() { first_move_held_ = true; }
  // The person to move is back: true when the countdown was held.
  bool release_first_move();
  // A new game: nothing held from before.
  void new_game() { first_move_held_ = false; }

  // (Re)starts the countdown at `now` (steady ms) when `counts` and it is not held: its
  // deadline. Otherwise clears it: nothing.
  std::optional<std::int64_t> arm_first_move(bool counts, std::int64_t now, std::int64_t length_ms);
  void clear_first_move() { first_move_deadline_ms_ = 0; }
  bool first_move_running() const { return first_move_deadline_ms_ > 0; }
  // The countdown under way has run out by `now` (steady ms).
  bool first_move_missed(std::int64_t now) const {
    return first_move_deadline_ms_ > 0 && now >= first_move_deadline_ms_;
  }
  // Its deadline as Unix ms, as clients see every time (`steady_now` and `unix_now` are the
  // same instant on both clocks); nothing when none runs.
  std::optional<std::int64_t> first_move_deadline_unix(std::int64_t steady_now,
                                                       std::int64_t unix_now) const;

 private:
  bool adjourned_ = false;
  bool clock_held_ = false;
  bool first_move_held_ = false;
  std::int64_t first_move_deadline_ms_ = 0;  // steady ms; 0: none runs
};

}  // namespace banmen::server
