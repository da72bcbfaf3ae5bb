// One room of the cluster test, played through nginx by two blocking WebSocket clients on
// a thread of its own: created on a bare /ws, joined on the room's own URL (/ws?room=<id>),
// then random legal moves from the rules core until the game ends (or the ply cap and the
// test's leave to finish, then a resignation).
//
// Whatever happens to the room's server (killed, paused, the room handed over with close
// code 4003, `room_busy` while it moves), the driver reconnects both players to the same
// URL with their tokens and checks the snapshot against what it saw acknowledged: every
// acknowledged move must be there, in order, plus at most the one move in flight. Every
// wait has a deadline; a room that cannot go on records why in `failure`.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/game.h"
#include "ws_client.h"

namespace banmen::test {

// What the test's conductor tells every room, read by the room threads.
struct ClusterSchedule {
  // Raised by one: each room's host reconnects once (a page reload), so rooms that went
  // elsewhere during an outage are brought back to the server nginx routes them to.
  std::atomic<int> reload_round{0};
  // Rooms at the ply cap resign only once this is set (so they live through the outage).
  std::atomic<bool> may_finish{false};
  std::atomic<std::int64_t> deadline_ms{0};  // steady_now_ms() by which every room is done
  // Every room resigns at its next turn, whatever its length (ends a fault test's play).
  std::atomic<bool> resign_now{false};
};

struct RoomCounters {
  int reconnects = 0;        // rejoins of both players (any cause)
  int moved_closes = 0;      // connections the server closed with 4003 "room moved"
  int busy_answers = 0;      // join_room answered room_busy while the room moved
  int failed_joins = 0;      // connections refused or dropped while rejoining
  int refused_requests = 0;  // a move or resignation answered storage_error/room_busy
  int resent_moves = 0;      // a refused or unanswered move sent again with its move_id
};

class RoomDriver {
 public:
  RoomDriver(unsigned short nginx_port, std::string game_id, int index, ClusterSchedule& schedule,
             std::size_t ply_cap);

  // The room's whole life; returns when its game is over, on failure, or at the deadline.
  void run();

  const std::string& failure() const { return failure_; }
  const std::string& game_id() const { return game_id_; }
  const std::string& room() const { return room_; }
  const std::vector<std::string>& acked() const { return acked_; }
  const Game* mirror() const { return mirror_.get(); }
  bool over() const { return mirror_ && mirror_->over(); }
  const RoomCounters& counters() const { return counters_; }
  // Acknowledged plies so far, for the conductor (updated as the room plays).
  std::size_t acked_count() const { return acked_count_.load(); }
  // Both players are seated (or the room gave up): the guest's first join, the one without
  // a token, is behind it. The conductor disturbs no server before every room is there: a
  // guest whose first `joined` was lost could only come back as a spectator.
  bool settled() const { return settled_.load(); }
  // run() has returned (the game is over, or the room failed).
  bool done() const { return done_.load(); }

 private:
  struct Player {
    std::unique_ptr<WsClient> ws;
    std::string token;
    std::int64_t version = 0;
  };
  enum class Step { ok, lost, failed };

  bool create();
  bool join_both();
  Step join_one(int p, bool first_time);
  Step step();
  Step keep_alive();
  Step reload_host();
  std::optional<json> read(int p, const std::function<bool(const json&)>& pred,
                           int timeout_ms = 8000);
  void fail(const std::string& why);
  bool out_of_time() const;
  int player_at_seat(int seat) const { return seat_of_player_[0] == seat ? 0 : 1; }

  unsigned short port_;
  std::string game_id_, room_, url_;
  int index_;
  ClusterSchedule& schedule_;
  std::size_t ply_cap_;
  std::mt19937 rng_;
  Player players_[2];
  int seat_of_player_[2] = {0, 1};
  GamePtr mirror_;
  std::vector<std::string> acked_;
  std::atomic<std::size_t> acked_count_{0};
  std::atomic<bool> settled_{false};
  std::atomic<bool> done_{false};
  std::optional<std::string> sent_;  // a move sent and not yet acknowledged
  std::string sent_id_;              // its move_id, the same every time it is sent
  bool resign_sent_ = false;
  int next_id_ = 1;
  int reload_round_seen_ = 0;
  RoomCounters counters_;
  std::string failure_;
};

}  // namespace banmen::test
