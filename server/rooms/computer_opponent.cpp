#include "rooms/computer_opponent.h"

#include <spdlog/spdlog.h>

#include <utility>

#include "rooms/computer_facts.h"
#include "rooms/server_client.h"

namespace banmen::server {

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
  if (!client_)
    client_ =
        std::make_shared<ServerClient>(kComputerClientId, room_id, "the computer's request", true);
  member_ = Member{client_, player, name};
  return *member_;
}

bool ComputerOpponent::give_back(int player) {
  return std::exchange(handed_over_[player], false);
}

}  // namespace banmen::server
