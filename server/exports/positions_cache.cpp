#include "exports/positions_cache.h"

namespace banmen::server {

std::string PositionsCache::key_of(const std::string& room, int game_no, Viewer viewer) {
  return room + '\n' + std::to_string(game_no) + '\n' + std::to_string(static_cast<int>(viewer));
}

std::optional<PositionsCache::Entry> PositionsCache::find(const std::string& room, int game_no,
                                                          Viewer viewer) {
  std::lock_guard lock(mu_);
  auto it = by_key_.find(key_of(room, game_no, viewer));
  if (it == by_key_.end()) return std::nullopt;
  lru_.splice(lru_.end(), lru_, it->second);
  const Entry& kept = it->second->second;
  return Entry{kept.moves, kept.game->clone(), kept.positions};
}

void PositionsCache::keep(const std::string& room, int game_no, Viewer viewer, Entry entry) {
  if (max_games_ == 0 || !entry.game) return;
  const std::string key = key_of(room, game_no, viewer);
  std::lock_guard lock(mu_);
  if (auto it = by_key_.find(key); it != by_key_.end()) {
    // A slower request may come back with fewer moves than one kept meanwhile.
    if (it->second->second.moves.size() >= entry.moves.size()) return;
    lru_.erase(it->second);
    by_key_.erase(it);
  }
  while (lru_.size() >= max_games_) {
    by_key_.erase(lru_.front().first);
    lru_.pop_front();
  }
  lru_.emplace_back(key, std::move(entry));
  by_key_.emplace(key, std::prev(lru_.end()));
}

}  // namespace banmen::server
