#include "net/address_read_budget.h"

#include <algorithm>
#include <cmath>

namespace banmen::server {

AddressReadBudget::AddressReadBudget(std::size_t bytes_per_second, std::size_t burst)
    : rate_(static_cast<double>(bytes_per_second)),
      burst_(static_cast<double>(std::max(burst, bytes_per_second))) {}

std::chrono::milliseconds AddressReadBudget::charge(const std::string& address, std::size_t bytes,
                                                    Clock::time_point now) {
  if (rate_ <= 0) return std::chrono::milliseconds(0);
  std::lock_guard lock(mu_);
  forget_full(now);
  auto [it, fresh] = buckets_.try_emplace(address, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh) {
    const double elapsed = std::chrono::duration<double>(now - b.at).count();
    b.level = std::min(burst_, b.level + std::max(elapsed, 0.0) * rate_);
    b.at = now;
  }
  b.level -= static_cast<double>(bytes);
  if (b.level >= 0) return std::chrono::milliseconds(0);
  // The time for the bucket to be back at zero: the next read is paid for by then.
  return std::chrono::milliseconds(static_cast<long>(std::ceil(-b.level / rate_ * 1000.0)));
}

std::size_t AddressReadBudget::tracked() const {
  std::lock_guard lock(mu_);
  return buckets_.size();
}

void AddressReadBudget::forget_full(Clock::time_point now) {
  if (now - last_sweep_ < std::chrono::seconds(1)) return;
  last_sweep_ = now;
  std::erase_if(buckets_, [&](const auto& entry) {
    const Bucket& b = entry.second;
    const double elapsed = std::chrono::duration<double>(now - b.at).count();
    return b.level + elapsed * rate_ >= burst_;
  });
}

}  // namespace banmen::server
