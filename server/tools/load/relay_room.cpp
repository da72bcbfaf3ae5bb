#include "relay_room.h"

#include <charconv>

#include "shard.h"

namespace banmen::load {

RelayRoom::RelayRoom(Shard& shard, int index) : Room(shard, index) {}

void RelayRoom::opened(int member) {
  connected(member);
}

void RelayRoom::join() {
  const std::string message = "join r" + std::to_string(index_);
  for (auto& member : members_) member->send(message);
}

void RelayRoom::on_message(int member, std::string_view text) {
  auto& stats = shard_.stats();
  if (text == "ok") {
    if (++joined_ == static_cast<int>(members_.size())) {
      all_joined();
      turn(0);  // the host moves first, once the run begins
    }
    return;
  }
  if (shard_.playing()) {
    ++stats.messages_in;
    stats.bytes_in += text.size();
  }
  if (!is_player(member)) return;
  // The ply is the number after "ply": in the synthetic message.
  constexpr std::string_view key = "\"ply\":";
  const std::size_t at = text.find(key);
  long ply = -1;
  if (at != std::string_view::npos) {
    std::from_chars(text.data() + at + key.size(), text.data() + text.size(), ply);
  }
  if (ply < 0) {
    stats.error("bad_relay_message");
    return;
  }
  ply_ = ply;
  received_move(ply_);
  turn(member);
}

// About the size of a move request of the real protocol, padded to --relay-bytes.
void RelayRoom::play(int member) {
  ++ply_;
  std::string message = "{\"type\":\"move\",\"ply\":" + std::to_string(ply_) +
                        ",\"move\":\"7g7f\",\"move_id\":\"" + std::to_string(index_) + "-" +
                        std::to_string(ply_) + "\",\"pad\":\"";
  const auto wanted = static_cast<std::size_t>(shard_.options().relay_bytes);
  if (message.size() + 2 < wanted) message.append(wanted - message.size() - 2, 'x');
  message += "\"}";
  members_[static_cast<std::size_t>(member)]->send(std::move(message));
  sent_move(ply_);
}

}  // namespace banmen::load
