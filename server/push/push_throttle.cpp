#include "push/push_throttle.h"

#include <algorithm>

namespace banmen::server {

bool PushThrottle::allow(const std::string& room_id, int player, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto key = std::make_pair(room_id, player);
  if (auto it = last_.find(key); it != last_.end()) {
    if (now - it->second < interval_) return false;
    it->second = now;
    return true;
  }
  if (last_.size() >= max_entries_) {
    // Entries past their interval allow anyway; drop those, else the oldest one.
    std::erase_if(last_, [&](const auto& entry) { return now - entry.second >= interval_; });
    if (last_.size() >= max_entries_)
      last_.erase(std::min_element(last_.begin(), last_.end(), [](const auto& a, const auto& b) {
        return a.second < b.second;
      }));
  }
  last_.emplace(std::move(key), now);
  return true;
}

}  // namespace banmen::server
