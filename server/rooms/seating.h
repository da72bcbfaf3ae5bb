// Who is in a room and where they sit: the two players (by player number: 0 is the host),
// which seat each plays in the current game (seat 0 moves first; a rematch swaps them),
// and the connected members, players and spectators alike. The one place that maps
// player <-> seat <-> viewer. On the room's strand only.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/viewer.h"
#include "rooms/client.h"

namespace banmen::server {

// A seat holder, connected or not.
struct Player {
  bool taken = false;
  std::string name;
  std::string token_hash;
  std::uint64_t client = 0;  // connected client id, 0 when away
  std::int64_t gone_since_ms = 0;
  // Short lists, oldest first, as vectors: an empty one costs no allocation (an idle room's
  // memory, docs/performance.md scenario 3), and removing at the front of a few dozen
  // entries is cheap.
  std::vector<std::string> move_ids;     // recent client move ids, for resends
  std::vector<std::int64_t> chat_times;  // kept with the seat: leaving does not reset it
  // Here since (Unix ms): set when the player comes back from being away, kept when a newer
  // connection replaces one still open. An abandonment claim counts the opponent's absence
  // only from then (docs/rules/play.md).
  std::int64_t here_since_ms = 0;
};

// A connection in the room.
struct Member {
  std::weak_ptr<Client> client;
  int player = -1;  // -1: spectator
  std::string name;
};

class Seating {
 public:
  Player& player(int p) { return players_[p]; }
  const Player& player(int p) const { return players_[p]; }
  // The player holding `token_hash`, or -1.
  int player_with_token(const std::string& token_hash) const;

  // The computer's level when it holds player `p`'s place (0: a person). The computer has
  // no connection and no token; the room plays for it (room_computer.cpp).
  int computer_level(int p) const { return computer_level_[p]; }
  bool is_computer(int p) const { return p >= 0 && computer_level_[p] > 0; }
  void set_computer(int p, int level) { computer_level_[p] = level; }

  int seat_of(int player) const { return seat_of_player_[player]; }
  int player_at(int seat) const { return seat_of_player_[0] == seat ? 0 : 1; }
  void seat_players(int seat_of_player0, int seat_of_player1);
  void swap_seats();
  // What player `player` (-1: a spectator) may see, and the same for a member.
  Viewer viewer_of_player(int player) const;
  Viewer viewer_of(const Member& m) const { return viewer_of_player(m.player); }

  // Members, by connection id. add() makes a player's connection theirs (and them present
  // since `now_ms`, unless an open connection of theirs is being replaced);
  // remove() returns the member's player number (-1 for a spectator; nothing when it was
  // no member) and marks a player whose connection it was as gone since `now_ms`.
  Member* find(std::uint64_t client_id);
  void add(const std::shared_ptr<Client>& client, int player, std::string name,
           std::int64_t now_ms);
  std::optional<int> remove(std::uint64_t client_id, std::int64_t now_ms);
  const std::map<std::uint64_t, Member>& members() const { return members_; }
  std::size_t size() const { return members_.size(); }
  std::size_t spectator_count() const;
  // Drops every member (the room is closing); each is told it left.
  std::map<std::uint64_t, Member> take_members() { return std::exchange(members_, {}); }

  // The chat lines `m` sent within the window: a player's own (kept with the seat), or the
  // spectators' shared ones, since a spectator can come back as a new connection at will.
  std::vector<std::int64_t>& chat_times(const Member& m);

 private:
  Player players_[2];
  int seat_of_player_[2] = {0, 1};
  int computer_level_[2] = {0, 0};
  std::map<std::uint64_t, Member> members_;
  std::vector<std::int64_t> spectator_chat_times_;
};

}  // namespace banmen::server
