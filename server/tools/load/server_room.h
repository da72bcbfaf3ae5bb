// A room on banmen-server, driven through protocol 1 (docs/protocol.md).
//
// Member 0 (the host) creates the room, member 1 joins as the second player, then the
// spectators join. With --join-by-url both players then move to the room's own URL
// (/ws?room=<id>, what nginx routes by in a cluster): the host joins there with its token,
// then the guest. The players play random moves from the legal_moves the server sends
// them; when a game ends the host offers a rematch and the guest accepts, so a room plays
// for the whole run. Spectators' messages are only counted (and scanned for errors).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "room.h"

namespace banmen::load {

class ServerRoom final : public Room {
 public:
  // `game` is a game id, or "mix": the room then plays the available game number `index`
  // (modulo how many the server's welcome lists).
  ServerRoom(Shard& shard, int index, std::string game);

  void join() override;
  void on_message(int member, std::string_view text) override;
  void on_open(int member, bool ok, std::string_view what) override;

 protected:
  void play(int member) override;
  void opened(int member) override;

 private:
  struct Player {
    long version = 0;
    int seat = -1;
    std::vector<std::string> legal;  // non-empty only while this player has the move
    long last_move_request = -1;     // the request id of the last move sent
  };

  void on_player_message(int member, const nlohmann::json& message);
  void on_spectator_message(int member, std::string_view text);
  void on_welcome(int member, const nlohmann::json& message);
  void on_snapshot(int member, const nlohmann::json& message);
  void on_move(int member, std::string_view text);
  void on_error(int member, const nlohmann::json& message);
  void member_joined(int member);
  // --join-by-url: `member` leaves its bare /ws connection for a new one on the room's URL
  // and joins there (the host with its token, the guest for the second place).
  void reconnect_to_room(int member);
  void send_room_join(int member);
  void send(int member, nlohmann::json message);
  std::string choose_game(const nlohmann::json& games) const;

  std::string wanted_game_;
  std::string game_;  // what the host asked for, once the welcome is known
  std::string room_id_;
  std::string host_token_;
  Connection::Target room_target_;  // the room's URL on the shard's address (join_by_url)
  bool rejoining_[2] = {false, false};
  bool seated_[2] = {false, false};  // joined on the room's URL
  Player players_[2];
  long ply_ = 0;  // moves played in the current game
  long next_request_id_ = 1;
  int joined_ = 0;
  bool welcomed_ = false;
};

}  // namespace banmen::load
