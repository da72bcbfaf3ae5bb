#include "rooms/pauses.h"

#include <utility>

namespace banmen::server {

bool Pauses::first_move_counts(const FirstMoveFacts& f) {
  if (!f.playing || !f.clock_enabled || f.correspondence || f.length_ms <= 0) return false;
  if (f.over || f.plies >= 2) return false;
  return !f.mover_is_computer;
}

bool Pauses::end_adjournment() {
  if (!adjourned_) return false;
  adjourned_ = false;
  clock_held_ = false;
  return true;
}

bool Pauses::release_clock() {
  return std::exchange(clock_held_, false);
}

bool Pauses::release_first_move() {
  return std::exchange(first_move_held_, false);
}

std::optional<std::int64_t> Pauses::arm_first_move(bool counts, std::int64_t now,
                                                   std::int64_t length_ms) {
  first_move_deadline_ms_ = 0;
  if (first_move_held_ || !counts) return std::nullopt;
  first_move_deadline_ms_ = now + length_ms;
  return first_move_deadline_ms_;
}

std::optional<std::int64_t> Pauses::first_move_deadline_unix(std::int64_t steady_now,
                                                             std::int64_t unix_now) const {
  if (first_move_deadline_ms_ == 0) return std::nullopt;
  return unix_now + (first_move_deadline_ms_ - steady_now);
}

}  // namespace banmen::server
