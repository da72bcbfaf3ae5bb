// What one client address may make the I/O threads read, whatever its number of
// connections: a bucket of bytes per address, filled at `bytes_per_second` up to `burst`.
// Each WebSocket message read is charged to its address; once the bucket is spent the
// connection waits (charge()'s answer) before it reads again, so a flood over many
// connections costs the server at most its share of reading, unmasking and parsing, and
// the flood's own sockets fill up instead (TCP back-pressure). Nothing is refused: a
// person's few small messages never notice it.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace banmen::server {

class AddressReadBudget {
 public:
  using Clock = std::chrono::steady_clock;

  // bytes_per_second 0: no budget (charge() always answers zero).
  AddressReadBudget(std::size_t bytes_per_second, std::size_t burst);

  // Charges `bytes` read from `address` at `now`: how long its connections should wait
  // before reading again (zero while the bucket holds enough).
  std::chrono::milliseconds charge(const std::string& address, std::size_t bytes,
                                   Clock::time_point now = Clock::now());

  // Addresses with a bucket not yet full again (tests and /metrics).
  std::size_t tracked() const;

 private:
  struct Bucket {
    double level;  // bytes; negative while spent
    Clock::time_point at;
  };
  // Drops buckets that have filled up again, at most once a second (under mu_).
  void forget_full(Clock::time_point now);

  const double rate_;
  const double burst_;
  mutable std::mutex mu_;
  std::unordered_map<std::string, Bucket> buckets_;
  Clock::time_point last_sweep_{};
};

}  // namespace banmen::server
