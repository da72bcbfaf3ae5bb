// The default store: everything in memory, guarded by one mutex (rooms call it from their
// own strands). Nothing survives a restart; it exists so the server runs with no setup and
// so tests can inspect what the rooms recorded.
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "storage/store.h"

namespace banmen::server {

class MemoryStore final : public Store {
 public:
  // Applies the write at once and answers on the caller's thread.
  BANMEN_STORE_OVERRIDES

  // For tests: after `skip` more writes succeed, make the next `n` fail with storage_error.
  void fail_next_writes(int n, int skip = 0);

 private:
  struct Room {
    StoredRoom stored;
    bool finished = false;  // the current game is over
    bool closed = false;
    StoredOutcome outcome;  // of the current game, when finished
    std::int64_t finished_ms = 0;
    std::vector<StoredGame> past;  // earlier games of the series, with their moves
    std::vector<StoredChat> chat;
    std::map<int, StoredReview> reviews;     // by game_no
    std::map<int, StoredAnalysis> analyses;  // by game_no
    std::optional<StoredImport> imported;
    std::optional<StoredClockMark> clock_mark;       // the current game's
    std::map<int, StoredConditionals> conditionals;  // the current game's, by player
    // Web Push subscriptions, by player (at most kPushSubscriptionsPerPlayer each).
    std::map<int, std::vector<StoredPushSubscription>> push;
    std::int64_t last_active_ms = 0;  // every write but a move (Store::close_idle_rooms)
  };
  // One write each; the caller holds mu_.
  BANMEN_STORE_WRITE_KINDS(BANMEN_STORE_APPLY)

  static StoredGame current_game(const Room& room);
  // The room as load_room() and load_unfinished() give it.
  StoredRoom stored_room(const Room& room) const;
  Result<void> check_failure();
  Room* find(const std::string& room_id);

  std::mutex mu_;
  std::map<std::string, Room> rooms_;
  std::int64_t alive_ms_ = 0;  // mark_alive(): one server, so one mark
  int fail_next_ = 0;
  int succeed_first_ = 0;
};

}  // namespace banmen::server
