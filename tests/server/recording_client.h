// A room member for tests that drive a Room directly: every message the room sends it is
// parsed and kept, in order.
#pragma once

#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rooms/client.h"

namespace banmen::server {

struct RecordingClient final : Client {
  explicit RecordingClient(std::uint64_t id, int protocol_version = 2)
      : id_(id), protocol_(protocol_version) {}
  std::uint64_t client_id() const override { return id_; }
  void send(std::shared_ptr<const std::string> m) override {
    std::lock_guard lock(mu);
    got.push_back(nlohmann::json::parse(*m));
  }
  void close(std::uint16_t, std::string) override {}
  void left_room(const Room*) override {}
  int protocol() const override { return protocol_; }

  // A copy of what arrived so far.
  std::vector<nlohmann::json> messages() {
    std::lock_guard lock(mu);
    return got;
  }
  // The status of each snapshot received, in order.
  std::vector<std::string> statuses() {
    std::vector<std::string> out;
    for (const auto& j : messages())
      if (j["type"] == "snapshot") out.push_back(j["status"]);
    return out;
  }

  std::uint64_t id_;
  int protocol_;
  std::mutex mu;
  std::vector<nlohmann::json> got;
};

}  // namespace banmen::server
