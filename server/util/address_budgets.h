// A request budget per client address: a token bucket each (RateLimiter), made on an
// address's first request and shared by all its connections. Bounded: past `tracked`
// addresses the ones whose budget is whole again are forgotten, and if that frees nothing,
// every one (an attacker with that many addresses gets a fresh budget; nobody is locked
// out). Thread-safe: HTTP sessions and WebSocket sessions on any I/O thread share it.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "util/rate_limiter.h"

namespace banmen::server {

class AddressBudgets {
 public:
  AddressBudgets(double per_second, double burst, std::size_t tracked)
      : per_second_(per_second), burst_(burst), tracked_(tracked) {}

  // Takes one request from `address`'s budget; false when it is spent.
  bool admit(const std::string& address);
  // Takes `tokens` more (a request that cost more than one); the budget may go below
  // zero and refills from there.
  void charge(const std::string& address, double tokens);
  std::size_t tracked() const;

 private:
  const double per_second_;
  const double burst_;
  const std::size_t tracked_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, RateLimiter> budgets_;
};

}  // namespace banmen::server
