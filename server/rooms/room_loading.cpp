// Rooms brought back into memory when someone opens their link. The store read (a handful
// of indexed reads in one snapshot; a round trip to PostgreSQL) happens on the registry's
// worker thread, the replay of the last game on the room workers (by its plies, against
// the opener's address's share), never on an I/O thread. Every caller
// waiting for the same room shares one load; the room is put in the registry only if no
// other object for its id is there (insert-if-absent), so two racing joins end in one room.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"
#include "rooms/room_workers.h"
#include "util/metric_families.h"

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

void RoomRegistry::open(const std::string& id, const std::string& address, Opened opened) {
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
  std::shared_ptr<const StoredRoom> now_restoring;
  {
    std::lock_guard lock(load_mu_);
    if (auto it = loading_.find(id); it != loading_.end()) {
      it->second.waiting.push_back(std::move(opened));  // already on its way: one read for all
      return;
    }
    // Read at start and still to be replayed (room_restore.cpp): its replay starts now,
    // charged to the opener as a load is, and the opener waits for it alone, whatever else
    // is still to come back.
    if (auto it = to_restore_.find(id); it != to_restore_.end()) {
      now_restoring = std::move(it->second);
      to_restore_.erase(it);
      loading_[id] = Loading{kRestoredAddress, {std::move(opened)}};
    } else {
      std::size_t& mine = loading_by_address_[address];
      if (loading_.size() >= kMaxLoading || mine >= kMaxLoadingPerAddress) {
        if (mine == 0) loading_by_address_.erase(address);
        services_.metrics.refused.add(Refusal::room_work_busy);
        return opened(
            make_error(errc::rate_limited, "the server is opening many rooms; try again shortly"));
      }
      ++mine;
      auto& loading = loading_[id];
      loading.address = address;
      loading.waiting.push_back(std::move(opened));
    }
  }
  if (now_restoring) return restore_one(id, std::move(now_restoring), address, false);
  post_to_worker([this, id, address] { load(id, address); });
}

RoomRegistry::~RoomRegistry() {
  std::unique_lock lock(load_mu_);
  to_restore_.clear();  // the replay under way starts no other
  restore_order_.clear();
  load_done_.wait(lock, [this] { return replays_ == 0; });
}

void RoomRegistry::load(const std::string& id, const std::string& address) {
  if (ownership_)  // the lease first (room_ownership_loop.cpp)
    return load_owned(
        id, address,
        std::chrono::steady_clock::now() +
            std::chrono::milliseconds(services_.config.lease_ms + services_.config.lease_renew_ms));
  // Already back (an earlier load finished after this one was queued): no read needed.
  if (auto present = find(id)) return answer_load(id, present);
  auto stored = services_.store.load_room(id);
  if (!stored) {
    if (stored.error().code == stored_not_found)
      return answer_load(id, make_error(errc::no_such_room, "no such room"));
    spdlog::error("room {} could not be loaded: {}", id, stored.error().message);
    return answer_load(id, unreadable_room());
  }
  if (replay_on_workers(id, address, std::make_shared<const StoredRoom>(std::move(*stored)),
                        [this, id](const StoredRoom& kept, const std::shared_ptr<Room>& room) {
                          replayed(id, kept, room);
                        }))
    return;
  answer_load(id, replay_share_busy());
}

Error RoomRegistry::unreadable_room() {
  return make_error(errc::storage_error, "the server could not read this room; try again");
}

Error RoomRegistry::replay_share_busy() {
  return make_error(errc::rate_limited,
                    "your share of the server's workers is busy; try again shortly");
}

bool RoomRegistry::replay_on_workers(const std::string& id, const std::string& address,
                                     std::shared_ptr<const StoredRoom> kept, Replayed replayed) {
  // The replay goes through the rules ply by ply: it costs what the game is long (and its
  // review: about one node a few characters of its text), charged to the opener's address
  // on the room workers, so one address's heavy rooms neither hold the registry's thread
  // nor take every worker.
  const std::uint64_t cost =
      kept->moves.size() + 1 + (kept->review ? kept->review->tree_text.size() / 8 : 0);
  {
    std::lock_guard lock(load_mu_);
    ++replays_;
  }
  // The room is rebuilt under the job's share; `replayed` puts it in the registry and
  // answers those waiting once that share is back (RoomWorkers' delivery), so an opener
  // may open its next room at once.
  const auto admitted = services_.workers.post(
      "load " + id, address, cost, [this, kept, replayed = std::move(replayed)] {
        return RoomWorkers::Deliver([this, kept, replayed, room = rebuild(*kept)] {
          replayed(*kept, room);
          std::lock_guard lock(load_mu_);
          --replays_;
          load_done_.notify_all();
        });
      });
  if (admitted == RoomWorkers::Admission::ran) {
    services_.metrics.room_work_total++;
    return true;
  }
  {
    std::lock_guard lock(load_mu_);
    --replays_;
    load_done_.notify_all();
  }
  services_.metrics.refused.add(Refusal::room_work_busy);
  return false;
}

void RoomRegistry::replayed(const std::string& id, const StoredRoom& stored,
                            const std::shared_ptr<Room>& room) {
  Result<std::shared_ptr<Room>> answer = make_error(errc::no_such_room, "no such room");
  if (room) {
    if (auto adopted = adopt(room)) {
      answer = adopted;
      if (adopted == room) {
        services_.metrics.rooms_loaded_total++;
        spdlog::info("room {} back from the store (game {}{})", id, stored.game.game_no,
                     stored.finished ? ", over" : "");
      }
    }
  }
  answer_load(id, answer);
}

void RoomRegistry::answer_load(const std::string& id, const Result<std::shared_ptr<Room>>& answer) {
  std::vector<Opened> waiting;
  {
    std::lock_guard lock(load_mu_);
    if (auto it = loading_.find(id); it != loading_.end()) {
      waiting = std::move(it->second.waiting);
      if (auto a = loading_by_address_.find(it->second.address);
          a != loading_by_address_.end() && --a->second == 0)
        loading_by_address_.erase(a);
      loading_.erase(it);
    }
  }
  for (auto& opened : waiting) opened(answer);
}

}  // namespace banmen::server
