// A connection the room itself plays through: the computer's moves, a player's conditional
// answers. Nothing is sent anywhere; the room answers it as any mover, and only a refusal
// is worth a line in the log (with its message only when `show_refusal`: a player's
// conditional lines are theirs alone, even in the log).
#pragma once

#include <spdlog/spdlog.h>

#include <string>

#include "rooms/client.h"

namespace banmen::server {

class ServerClient final : public Client {
 public:
  // `id`: the seat's client id in the room (the computer's marker, or 0); `whose`: "the
  // computer's request", "a conditional answer".
  ServerClient(std::uint64_t id, std::string room, std::string whose, bool show_refusal)
      : id_(id), room_(std::move(room)), whose_(std::move(whose)), show_refusal_(show_refusal) {}
  std::uint64_t client_id() const override { return id_; }
  void send(std::shared_ptr<const std::string> message) override {
    if (message->find("\"type\":\"error\"") == std::string::npos) return;
    if (show_refusal_)
      spdlog::info("room {}: {} was refused: {}", room_, whose_, *message);
    else
      spdlog::info("room {}: {} was refused", room_, whose_);
  }
  void close(std::uint16_t, std::string) override {}
  void left_room(const Room*) override {}
  int protocol() const override { return 1; }

 private:
  std::uint64_t id_;
  std::string room_;
  std::string whose_;
  bool show_refusal_;
};

}  // namespace banmen::server
