// Caps on open connections: over the whole server (--max-connections) and per client
// address (--max-connections-per-address). A connection holds a ticket for as long as it
// is open; dropping the ticket gives its place back. Thread-safe: sessions on any strand.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace banmen::server {

// What one connection holds: its place in the whole server and, once its client address
// is known, in that address's share.
struct ConnectionTickets {
  std::shared_ptr<void> total;
  std::shared_ptr<void> address;
};

class ConnectionLimits {
 public:
  using Ticket = std::shared_ptr<void>;
  // A place among `max` connections in all, or null when they are taken.
  Ticket admit_total(std::size_t max);
  // A place among `max` connections of `address`, or null when they are taken.
  Ticket admit_address(const std::string& address, std::size_t max);
  std::size_t open_total() const;

 private:
  mutable std::mutex mu_;
  std::size_t total_ = 0;
  std::unordered_map<std::string, std::size_t> per_address_;
};

}  // namespace banmen::server
