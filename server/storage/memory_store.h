// The default store: everything in memory, guarded by one mutex (rooms call it from their
// own strands). Nothing survives a restart; it exists so the server runs with no setup and
// so tests can inspect what the rooms recorded.
#pragma once

#include <map>
#include <mutex>
#include <string>

#include "storage/store.h"

namespace banmen::server {

class MemoryStore final : public Store {
 public:
  Result<void> create_room(const StoredRoomInfo& room) override;
  Result<void> seat_taken(const std::string& room_id, const StoredPlayer& player) override;
  Result<void> game_started(const StoredGameStart& game) override;
  Result<void> move_appended(const StoredMove& move) override;
  Result<void> takeback(const std::string& room_id, int game_no, int plies) override;
  Result<void> game_finished(const std::string& room_id, int game_no, const StoredOutcome& outcome,
                             std::int64_t server_ms) override;
  Result<void> chat_line(const StoredChat& line) override;
  Result<void> room_closed(const std::string& room_id, std::int64_t server_ms) override;
  Result<std::vector<StoredRoom>> load_unfinished() override;
  using Store::list_games;
  Result<StoredSeries> list_games(const std::string& room_id, const GamesPage& page) override;
  Result<StoredGame> load_game(const std::string& room_id, int game_no) override;

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
  };
  static StoredGame current_game(const Room& room);
  Result<void> check_failure();
  Room* find(const std::string& room_id);

  std::mutex mu_;
  std::map<std::string, Room> rooms_;
  int fail_next_ = 0;
  int succeed_first_ = 0;
};

}  // namespace banmen::server
