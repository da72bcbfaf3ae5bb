// Rooms playing through a fault: the cluster harness (PostgreSQL, servers, nginx), a
// RoomDriver thread per room (random legal games; every acknowledged move checked at every
// rejoin; a move refused with storage_error sent again with its move_id, as the browser
// does), and the waits a fault test needs: on conditions, each with a generous bound.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cluster_harness.h"
#include "room_driver.h"

namespace banmen::test {

// Polls `condition` every 50 ms for at most `timeout_ms`; the milliseconds it took, or -1.
std::int64_t wait_until(const std::function<bool()>& condition, int timeout_ms);
// The HTTP status of GET `target` on 127.0.0.1:`port` (0: no answer).
int http_status(unsigned short port, const std::string& target);

class FaultPlay {
 public:
  // `rooms` rooms of chess and shogi (long random games, no hidden information).
  FaultPlay(const ClusterOptions& options, int rooms, bool with_nginx);
  // Joins the room threads (ending them at once if finish() was not called).
  ~FaultPlay();

  // Starts everything and waits until every room is seated and `plies_each` moves were
  // acknowledged on average; false with the reason in error().
  bool start(std::size_t plies_each);
  const std::string& error() const { return error_; }

  ClusterHarness& cluster() { return cluster_; }
  // Where the rooms connect: nginx, or the first server without it.
  unsigned short entry_port() {
    return with_nginx_ ? cluster_.nginx_port() : cluster_.server_port(0);
  }
  const std::vector<std::unique_ptr<RoomDriver>>& rooms() const { return rooms_; }

  // Acknowledged plies of each room now.
  std::vector<std::size_t> acked_each() const;
  // Waits until every room has had a move acknowledged since `before` (or has ended);
  // the milliseconds it took, or -1 after `timeout_ms`.
  std::int64_t wait_for_progress(const std::vector<std::size_t>& before, int timeout_ms);
  // Waits until every server answers /readyz with `status`; milliseconds, or -1.
  std::int64_t wait_for_readyz(int status, int timeout_ms, std::size_t first = 0);
  // A new room can be created (room_created) through the entry port within `timeout_ms`.
  bool can_create(int timeout_ms, std::string& why);

  // Every room resigns, the threads end, and each room's store copy is checked (no
  // acknowledged move lost, none stored that nobody was told of).
  void finish_and_check();
  // Moves sent again after storage_error or a lost answer, over all rooms.
  int resent_moves() const;
  // Each room's host reconnects once (a page reload): its room goes where nginx routes it.
  void reload_every_room() { ++schedule_.reload_round; }

 private:
  ClusterHarness cluster_;
  bool with_nginx_;
  int room_count_;
  ClusterSchedule schedule_;
  std::vector<std::unique_ptr<RoomDriver>> rooms_;
  std::vector<std::thread> threads_;
  std::string error_;
};

}  // namespace banmen::test
