// Rooms brought back into memory when someone opens their link. The store read (a handful
// of indexed reads in one snapshot; a round trip to PostgreSQL) and the replay of the last
// game happen on the registry's worker thread, never on an I/O thread. Every caller
// waiting for the same room shares one load; the room is put in the registry only if no
// other object for its id is there (insert-if-absent), so two racing joins end in one room.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"

namespace banmen::server {

void RoomRegistry::post_to_worker(std::function<void()> work) {
  std::lock_guard lock(worker_mu_);
  if (!worker_) worker_.emplace(1);
  boost::asio::post(*worker_, std::move(work));
}

void RoomRegistry::post_to_lease_worker(std::function<void()> work) {
  std::lock_guard lock(worker_mu_);
  if (!lease_worker_) lease_worker_.emplace(1);
  boost::asio::post(*lease_worker_, std::move(work));
}

void RoomRegistry::open(const std::string& id, Opened opened) {
  // The answer is given outside the lock: `opened` may do anything.
  std::optional<Result<std::shared_ptr<Room>>> now;
  {
    std::lock_guard lock(mu_);
    if (auto it = rooms_.find(id); it != rooms_.end())
      now = it->second;
    else if (stopped_)
      now = make_error(errc::no_such_room, "no such room");
    else if (rooms_.size() >= services_.config.max_rooms)
      now = make_error(errc::too_many_rooms, "the server has too many rooms; try later");
  }
  if (now) return opened(std::move(*now));
  {
    std::lock_guard lock(load_mu_);
    if (auto it = loading_.find(id); it != loading_.end()) {
      it->second.push_back(std::move(opened));  // already on its way: one read for all
      return;
    }
    if (loading_.size() >= kMaxLoading)
      return opened(
          make_error(errc::rate_limited, "the server is opening many rooms; try again shortly"));
    loading_[id].push_back(std::move(opened));
  }
  post_to_worker([this, id] { load(id); });
}

void RoomRegistry::load(const std::string& id) {
  if (ownership_)  // the lease first (room_ownership_loop.cpp)
    return load_owned(id, std::chrono::steady_clock::now() +
                              std::chrono::milliseconds(services_.config.lease_ms +
                                                        services_.config.lease_renew_ms));
  Result<std::shared_ptr<Room>> answer = make_error(errc::no_such_room, "no such room");
  // Already back (an earlier load finished after this one was queued): no read needed.
  if (auto present = find(id)) {
    answer = present;
  } else if (auto stored = services_.store.load_room(id); stored) {
    if (auto room = rebuild(*stored)) {
      if (auto adopted = adopt(room)) {
        answer = adopted;
        if (adopted == room) {
          services_.metrics.rooms_loaded_total++;
          spdlog::info("room {} back from the store (game {}{})", id, stored->game.game_no,
                       stored->finished ? ", over" : "");
        }
      }
    }
  } else if (stored.error().code != stored_not_found) {
    spdlog::error("room {} could not be loaded: {}", id, stored.error().message);
    answer = make_error(errc::storage_error, "the server could not read this room; try again");
  }
  answer_load(id, answer);
}

void RoomRegistry::answer_load(const std::string& id, const Result<std::shared_ptr<Room>>& answer) {
  std::vector<Opened> waiting;
  {
    std::lock_guard lock(load_mu_);
    if (auto it = loading_.find(id); it != loading_.end()) {
      waiting = std::move(it->second);
      loading_.erase(it);
    }
  }
  for (auto& opened : waiting) opened(answer);
}

}  // namespace banmen::server
