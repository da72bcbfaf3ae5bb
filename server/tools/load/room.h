// A room of the load generator: two players and their spectators, each one connection.
//
// The base class does what both targets share: opening the connections, the pace of the
// moves and the latency of each move (from the mover's send to the opponent's receipt).
// ServerRoom speaks the real protocol; RelayRoom drives the bare relay baseline.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <string_view>
#include <vector>

#include "connection.h"

namespace banmen::load {

class Shard;
using Clock = std::chrono::steady_clock;

class Room : public ConnectionOwner {
 public:
  Room(Shard& shard, int index);
  ~Room() override;
  Room(const Room&) = delete;
  Room& operator=(const Room&) = delete;

  // Makes the room's connections and queues them for opening; called before the run.
  void create_connections(int members);
  // Phase 2: take places in the room; the room calls Shard::room_ready() once all have.
  virtual void join() = 0;
  // Phase 3 and 4: moves may be played from go() until stop().
  void go();
  void stop();
  void close_all();
  void force_close_all();

  const Connection& member(int m) const { return *members_[static_cast<std::size_t>(m)]; }

  void on_open(int member, bool ok, std::string_view what) override;
  void on_closed(int member, bool expected, std::string_view what) override;

 protected:
  // Sends `member`'s move now. Called only for the member that has the move.
  virtual void play(int member) = 0;
  // The connection is open; the room calls connected(member) once it is usable.
  virtual void opened(int member) = 0;

  void connected(int member);
  void all_joined();
  // `member` has the move: played now or when the pace allows.
  void turn(int member);
  // `member` has the move again after a refusal: tried again after `delay`.
  void turn_after(int member, Clock::duration delay);
  void sent_move(long ply);
  void received_move(long ply);
  bool is_player(int member) const { return member < 2; }

  Shard& shard_;
  int index_;
  std::vector<std::shared_ptr<Connection>> members_;

 private:
  void schedule();

  boost::asio::steady_timer timer_;
  Clock::time_point next_due_{};
  Clock::time_point player_next_[2]{};
  Clock::time_point sent_at_{};
  long pending_ply_ = -1;
  int to_move_ = -1;  // member with the move, -1 when none or already played
  bool ready_ = false;
};

}  // namespace banmen::load
