// A room on the bare relay baseline (tests/perf/relay), with the same connections as a
// ServerRoom: two players and the spectators, opened and joined in the same phases.
//
// Relay protocol: the first message of a connection is "join <room>", answered "ok"; after
// that every message is forwarded unchanged to the room's other members. The relay knows
// no rules, so the players send synthetic move-sized messages in turn: each message a
// player receives from the relay is its opponent's move, and its answer is the next move.
#pragma once

#include <string>
#include <string_view>

#include "room.h"

namespace banmen::load {

class RelayRoom final : public Room {
 public:
  RelayRoom(Shard& shard, int index);

  void join() override;
  void on_message(int member, std::string_view text) override;

 protected:
  void play(int member) override;
  void opened(int member) override;

 private:
  long ply_ = 0;
  int joined_ = 0;
};

}  // namespace banmen::load
