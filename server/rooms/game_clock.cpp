#include "rooms/game_clock.h"

#include <algorithm>

namespace banmen::server {

std::string ClockSpec::kind_name() const {
  switch (kind) {
    case Kind::fischer:
      return "fischer";
    case Kind::byoyomi:
      return "byoyomi";
    case Kind::correspondence:
      return "correspondence";
    case Kind::none:
      break;
  }
  return "none";
}

std::string ClockSpec::human() const {
  auto secs = [](std::int64_t ms) { return std::to_string(ms / 1000); };
  switch (kind) {
    case Kind::fischer:
      return secs(base_ms / 60) + "+" + secs(increment_ms);
    case Kind::byoyomi:
      return secs(base_ms / 60) + "m+" + std::to_string(periods) + "x" + secs(period_ms) + "s";
    case Kind::correspondence:
      return std::to_string(days) + "d";
    case Kind::none:
      break;
  }
  return "none";
}

GameClock::GameClock(ClockSpec spec) : spec_(spec) {
  for (int s = 0; s < 2; ++s) {
    state_.remaining_ms[s] = spec_.base_ms;
    state_.periods_left[s] = spec_.kind == ClockSpec::Kind::byoyomi ? spec_.periods : 0;
    // Byoyomi with no main time starts in the first period.
    if (spec_.kind == ClockSpec::Kind::byoyomi && spec_.base_ms == 0) {
      state_.in_byoyomi[s] = true;
      state_.remaining_ms[s] = spec_.period_ms;
    }
  }
}

bool GameClock::charge(ClockState& s, int seat, std::int64_t elapsed) const {
  auto& rem = s.remaining_ms[seat];
  if (elapsed < rem) {
    rem -= elapsed;
    return true;
  }
  elapsed -= rem;
  rem = 0;
  if (spec_.kind != ClockSpec::Kind::byoyomi || spec_.period_ms <= 0) return false;
  auto& left = s.periods_left[seat];
  if (s.in_byoyomi[seat]) --left;  // the current period is used up
  s.in_byoyomi[seat] = true;
  // Each further full period that passed uses one more up.
  while (left > 0 && elapsed >= spec_.period_ms) {
    elapsed -= spec_.period_ms;
    --left;
  }
  if (left <= 0) {
    left = 0;
    return false;
  }
  rem = spec_.period_ms - elapsed;
  return true;
}

void GameClock::start(int seat, std::int64_t now) {
  if (!enabled()) return;
  running_ = seat;
  since_ = now;
  paused_at_ = -1;
}

void GameClock::pause(std::int64_t now) {
  if (running_ < 0 || paused()) return;
  paused_at_ = std::max(now, since_);
}

void GameClock::resume(std::int64_t now) {
  if (!paused()) return;
  since_ += std::max<std::int64_t>(0, now - paused_at_);
  paused_at_ = -1;
}

bool GameClock::stop_after_move(std::int64_t now) {
  if (running_ < 0) return true;
  now = effective(now);
  paused_at_ = -1;
  int seat = running_;
  running_ = -1;
  if (!charge(state_, seat, std::max<std::int64_t>(0, now - since_))) return false;
  if (spec_.kind == ClockSpec::Kind::fischer) state_.remaining_ms[seat] += spec_.increment_ms;
  if (spec_.kind == ClockSpec::Kind::byoyomi && state_.in_byoyomi[seat])
    state_.remaining_ms[seat] = spec_.period_ms;
  if (spec_.kind == ClockSpec::Kind::correspondence) state_.remaining_ms[seat] = spec_.base_ms;
  return true;
}

void GameClock::halt(std::int64_t now) {
  if (running_ < 0) return;
  charge(state_, running_, std::max<std::int64_t>(0, effective(now) - since_));
  running_ = -1;
  paused_at_ = -1;
}

ClockState GameClock::at(std::int64_t now) const {
  ClockState s = state_;
  if (running_ >= 0) charge(s, running_, std::max<std::int64_t>(0, effective(now) - since_));
  return s;
}

bool GameClock::flagged(std::int64_t now) const {
  if (running_ < 0) return false;
  ClockState s = state_;
  return !charge(s, running_, std::max<std::int64_t>(0, effective(now) - since_));
}

std::int64_t GameClock::ms_until_flag(std::int64_t now) const {
  if (running_ < 0 || paused()) return -1;
  ClockState s = at(now);
  std::int64_t left = s.remaining_ms[running_];
  if (spec_.kind == ClockSpec::Kind::byoyomi) {
    int extra = s.periods_left[running_] - (s.in_byoyomi[running_] ? 1 : 0);
    left += static_cast<std::int64_t>(std::max(0, extra)) * spec_.period_ms;
  }
  return left;
}

void GameClock::restore(const ClockState& state) {
  state_ = state;
  running_ = -1;
  paused_at_ = -1;
}

}  // namespace banmen::server
