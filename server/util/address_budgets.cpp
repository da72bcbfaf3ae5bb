#include "util/address_budgets.h"

namespace banmen::server {

bool AddressBudgets::admit(const std::string& address) {
  const auto now = RateLimiter::Clock::now();
  std::lock_guard lock(mu_);
  if (budgets_.size() >= tracked_) {
    std::erase_if(budgets_, [now](const auto& entry) { return entry.second.full(now); });
    if (budgets_.size() >= tracked_) budgets_.clear();
  }
  auto [it, fresh] = budgets_.try_emplace(address, per_second_, burst_);
  return it->second.allow(now);
}

void AddressBudgets::charge(const std::string& address, double tokens) {
  std::lock_guard lock(mu_);
  if (auto it = budgets_.find(address); it != budgets_.end()) it->second.charge(tokens);
}

std::size_t AddressBudgets::tracked() const {
  std::lock_guard lock(mu_);
  return budgets_.size();
}

}  // namespace banmen::server
