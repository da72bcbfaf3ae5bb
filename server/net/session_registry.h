// The open WebSocket sessions, so that a shutdown can close each of them with 1001 (going
// away). Sessions add themselves once open and remove themselves when they go. Thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "rooms/client.h"

namespace banmen::server {

class SessionRegistry {
 public:
  void add(std::uint64_t id, std::weak_ptr<Client> session);
  void remove(std::uint64_t id);
  // Asks every open session to close with `code` and `reason` (each on its own strand).
  void close_all(std::uint16_t code, const std::string& reason);

 private:
  std::mutex mu_;
  std::unordered_map<std::uint64_t, std::weak_ptr<Client>> sessions_;
};

}  // namespace banmen::server
