// The server's own clock for a game: none, Fischer (base + increment), byoyomi (base +
// periods of N ms) or correspondence (days per move: every move gives the mover's clock its
// whole time back, as lichess's correspondence clock does). Times are measured with a monotonic
// clock; callers pass "now" in ms so the logic is testable without waiting.
#pragma once

#include <cstdint>
#include <string>

namespace banmen::server {

struct ClockSpec {
  enum class Kind { none, fischer, byoyomi, correspondence };
  Kind kind = Kind::none;
  std::int64_t base_ms = 0;
  std::int64_t increment_ms = 0;
  std::int64_t period_ms = 0;
  int periods = 0;

  // Correspondence: whole days per move; base_ms holds them in ms (a day is
  // correspondence_day_ms(), shorter only in tests).
  int days = 0;
  bool correspondence() const { return kind == Kind::correspondence; }

  std::string kind_name() const;
  std::string human() const;  // "5+3", "10m+1x30s", "3d", "none"
};

// Both sides' time at one instant.
struct ClockState {
  std::int64_t remaining_ms[2] = {0, 0};
  int periods_left[2] = {0, 0};
  bool in_byoyomi[2] = {false, false};
};

class GameClock {
 public:
  explicit GameClock(ClockSpec spec = {});

  const ClockSpec& spec() const { return spec_; }
  bool enabled() const { return spec_.kind != ClockSpec::Kind::none; }
  int running() const { return running_; }  // -1 when stopped

  // Starts `seat`'s clock at `now`.
  void start(int seat, std::int64_t now);
  // Stops the running side's time at `now` without a move, and starts it again at the
  // later `now` of resume(): the time between is charged to nobody. The computer's clock
  // waits so while its search waits for an engine thread (docs/engine.md). Paused, at() and
  // flagged() read the time as at the pause, and no flag falls. A move, start(), halt() or
  // restore() ends the pause; pausing a paused or stopped clock changes nothing.
  void pause(std::int64_t now);
  void resume(std::int64_t now);
  bool paused() const { return paused_at_ >= 0; }
  // Stops the running clock at `now` after its side moved: charges the time used, then
  // adds the increment (Fischer) or resets the period (byoyomi). Returns false, leaving
  // the clock flagged and stopped, if the time had already run out.
  bool stop_after_move(std::int64_t now);
  // Stops without a move (game over): charges the time used.
  void halt(std::int64_t now);

  // Both sides' time as of `now` (the running side's time charged up to then).
  ClockState at(std::int64_t now) const;
  // True when the running side's time has run out by `now`.
  bool flagged(std::int64_t now) const;
  // Milliseconds from `now` until the running side's flag falls (-1 if none runs).
  std::int64_t ms_until_flag(std::int64_t now) const;

  // For takebacks and restarts: set both sides' times, stopped.
  void restore(const ClockState& state);
  const ClockState& settled() const { return state_; }
  // Moves the running side's start time by `delta` ms (to change time base after a restart).
  void shift(std::int64_t delta) { since_ += delta; }

 private:
  // Charges `elapsed` ms to `seat` in `s`; false when the time runs out.
  bool charge(ClockState& s, int seat, std::int64_t elapsed) const;

  // `now`, or the instant of the pause while paused.
  std::int64_t effective(std::int64_t now) const { return paused() ? paused_at_ : now; }

  ClockSpec spec_;
  ClockState state_;
  int running_ = -1;
  std::int64_t since_ = 0;
  std::int64_t paused_at_ = -1;
};

}  // namespace banmen::server
