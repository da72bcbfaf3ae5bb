// Every room in memory, by id. The lock guards only the map and the per-address counts;
// it is never held while a room runs or any I/O happens.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "protocol/messages.h"
#include "rooms/room_services.h"
#include "storage/store.h"

namespace banmen::server {

class Room;

class RoomRegistry {
 public:
  explicit RoomRegistry(RoomServices services) : services_(services) {}

  // A new room with a fresh unguessable id; errors: too_many_rooms.
  Result<std::shared_ptr<Room>> create(const std::string& address);
  // Brings back a room from the store after a restart (room_restore.cpp); before the
  // server runs. False (logged) when its game does not replay: it stays in the store.
  bool restore(const StoredRoom& stored);
  std::shared_ptr<Room> find(const std::string& id) const;
  // Public rooms waiting for a second player, newest first (at most `limit`).
  json list_public(std::size_t limit = 100) const;
  std::size_t size() const;
  // Brings back every room of the store with an unfinished game (room_restore.cpp); before
  // the server listens. Returns how many came back (a room that fails is logged, skipped).
  Result<std::size_t> restore_all();

  // Forgets expired rooms every few seconds until stop().
  void start_sweeping();
  void stop();
  // Drops every room and the sweep timer; called once the I/O threads have stopped.
  void clear();

 private:
  void sweep();

  const RoomServices services_;
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
  std::map<std::string, int> per_address_;
  std::unique_ptr<boost::asio::steady_timer> sweep_timer_;
};

}  // namespace banmen::server
