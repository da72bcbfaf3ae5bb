// The positions of games in progress as last answered, each with the game after them, by
// room, game and viewer: a game in progress is asked for again and again while it grows,
// and the next answer then plays only the moves since, not the whole game again. Bounded
// (least recently used out first); finished games' answers live in the export cache.
#pragma once

#include <cstddef>
#include <list>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/game.h"
#include "core/viewer.h"

namespace banmen::server {

class PositionsCache {
 public:
  struct Entry {
    std::vector<std::string> moves;  // as stored, in order
    GamePtr game;                    // after them
    nlohmann::json positions;        // stored_game_positions()' "positions" for them
  };

  explicit PositionsCache(std::size_t max_games = 32) : max_games_(max_games) {}

  // A copy of the entry of game `game_no` of `room` for `viewer`, if one is kept.
  std::optional<Entry> find(const std::string& room, int game_no, Viewer viewer);
  // Keeps `entry` (replacing an older one of the same game and viewer).
  void keep(const std::string& room, int game_no, Viewer viewer, Entry entry);

 private:
  static std::string key_of(const std::string& room, int game_no, Viewer viewer);

  const std::size_t max_games_;
  std::mutex mu_;
  std::list<std::pair<std::string, Entry>> lru_;  // least recently used first
  std::unordered_map<std::string, std::list<std::pair<std::string, Entry>>::iterator> by_key_;
};

}  // namespace banmen::server
