// The computer's side of a room (a part of the room, rooms/room.h): the one search under
// way, the numbering that makes the answer of a search for a position that is gone count
// for nothing, its own moves the rules refused in a row, the seats players handed to it for
// one game, and the connection its requests come from (which sends nothing anywhere).
//
// It decides and remembers; the room hands the search to the engine pool, runs the timers
// and sends the answers through its request table as any player's. Tested on its own
// (tests/server/computer_opponent_test.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "engine/engine_pool.h"
#include "rooms/client.h"
#include "rooms/seating.h"

namespace banmen::server {

class ComputerOpponent {
 public:
  // Moves of its own the rules refused in a row before it stops trying (a bug would
  // otherwise loop; the person can still resign or claim).
  static constexpr int kMaxRefusals = 3;

  // A search for player `player` about the position of version `version` is being handed to
  // the pool: its number, which its start and answer carry back.
  std::uint64_t next_search(int player, std::uint64_t version);
  // The pool took it (null: no place; nothing is under way).
  void searching(std::shared_ptr<EnginePool::Handle> handle) { search_ = std::move(handle); }
  bool thinking() const { return search_ != nullptr; }
  // True when `search` is the one under way: its start and its answer count.
  bool current(std::uint64_t search) const { return search_ && search == search_no_; }
  // The search under way answered: nothing is under way any more.
  void answered() { search_.reset(); }
  // Forgets the search under way: it is cancelled, and its answer, when it comes, is for a
  // position that is gone.
  void stop();
  // Whom the last search played for, and the position version it was about.
  int player() const { return player_; }
  std::uint64_t version() const { return version_; }

  // Its move was refused by the rules: true when that is kMaxRefusals in a row.
  bool refused_again() { return ++refusals_ >= kMaxRefusals; }
  int refusals() const { return refusals_; }
  void moved() { refusals_ = 0; }

  // The member its requests come from as player `player` (made when first needed).
  Member& sender(int player, const std::string& name, const std::string& room_id);
  // Its connection, null until it first sent a request.
  const std::shared_ptr<Client>& client() const { return client_; }

  // Player `player` handed their seat to it for the game under way.
  void hand_over(int player) { handed_over_[player] = true; }
  // True (once) when player `player`'s seat was handed over and goes back now.
  bool give_back(int player);

 private:
  std::shared_ptr<EnginePool::Handle> search_;
  std::uint64_t search_no_ = 0;
  int player_ = -1;
  std::uint64_t version_ = 0;
  int refusals_ = 0;
  bool handed_over_[2] = {false, false};
  std::shared_ptr<Client> client_;
  std::optional<Member> member_;
};

}  // namespace banmen::server
