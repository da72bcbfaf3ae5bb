#include "rooms/computer_opponent.h"

#include <spdlog/spdlog.h>

#include <utility>

#include "rooms/computer_facts.h"

namespace banmen::server {

namespace {
// The connection the computer's requests come from: nothing is sent anywhere. The room
// answers it as any mover; only a refusal is worth a line in the log.
class ComputerClient final : public Client {
 public:
  explicit ComputerClient(std::string room) : room_(std::move(room)) {}
  std::uint64_t client_id() const override { return kComputerClientId; }
  void send(std::shared_ptr<const std::string> message) override {
    if (message->find("\"type\":\"error\"") != std::string::npos)
      spdlog::info("room {}: the computer's request was refused: {}", room_, *message);
  }
  void close(std::uint16_t, std::string) override {}
  void left_room(const Room*) override {}
  int protocol() const override { return 1; }

 private:
  std::string room_;
};
}  // namespace

std::uint64_t ComputerOpponent::next_search(int player, std::uint64_t version) {
  player_ = player;
  version_ = version;
  return ++search_no_;
}

void ComputerOpponent::stop() {
  if (!search_) return;
  search_->cancel();
  search_.reset();
  ++search_no_;
}

Member& ComputerOpponent::sender(int player, const std::string& name, const std::string& room_id) {
  if (!client_) client_ = std::make_shared<ComputerClient>(room_id);
  member_ = Member{client_, player, name};
  return *member_;
}

bool ComputerOpponent::give_back(int player) {
  return std::exchange(handed_over_[player], false);
}

}  // namespace banmen::server
