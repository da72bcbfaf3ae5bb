#include "net/connection_limits.h"

namespace banmen::server {

// Tickets call back into the limits object: it lives in NetServices, which outlives every
// connection.
ConnectionLimits::Ticket ConnectionLimits::admit_total(std::size_t max) {
  std::lock_guard lock(mu_);
  if (total_ >= max) return nullptr;
  ++total_;
  return Ticket(static_cast<void*>(this), [this](void*) {
    std::lock_guard l(mu_);
    --total_;
  });
}

ConnectionLimits::Ticket ConnectionLimits::admit_address(const std::string& address,
                                                         std::size_t max) {
  std::lock_guard lock(mu_);
  auto& n = per_address_[address];
  if (n >= max) return nullptr;
  ++n;
  return Ticket(static_cast<void*>(this), [this, address](void*) {
    std::lock_guard l(mu_);
    auto it = per_address_.find(address);
    if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
  });
}

std::size_t ConnectionLimits::open_total() const {
  std::lock_guard lock(mu_);
  return total_;
}

}  // namespace banmen::server
