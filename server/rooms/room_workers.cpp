#include "rooms/room_workers.h"

#include <boost/asio/post.hpp>

namespace banmen::server {

RoomWorkers::RoomWorkers(RoomWorkerLimits limits) : limits_(limits) {}

RoomWorkers::~RoomWorkers() {
  stop();
}

RoomWorkers::Admission RoomWorkers::post(const std::string& room, const std::string& address,
                                         std::function<void()> work) {
  {
    std::lock_guard lock(mu_);
    Admission refused = Admission::ran;
    if (stopped_)
      refused = Admission::stopped;
    else if (queued_ >= limits_.max_queued)
      refused = Admission::full;
    else if (by_room_[room] >= limits_.per_room)
      refused = Admission::room_busy;
    else if (by_address_[address] >= limits_.per_address)
      refused = Admission::address_busy;
    if (refused != Admission::ran) {
      if (by_room_[room] == 0) by_room_.erase(room);
      if (by_address_[address] == 0) by_address_.erase(address);
      ++refused_total_;
      return refused;
    }
    ++queued_;
    ++by_room_[room];
    ++by_address_[address];
    if (!pool_) pool_.emplace(static_cast<std::size_t>(limits_.threads));
    ++jobs_total_;
    boost::asio::post(*pool_, [this, room, address, work = std::move(work)] {
      work();
      done(room, address);
    });
  }
  return Admission::ran;
}

void RoomWorkers::done(const std::string& room, const std::string& address) {
  std::lock_guard lock(mu_);
  --queued_;
  if (--by_room_[room] == 0) by_room_.erase(room);
  if (--by_address_[address] == 0) by_address_.erase(address);
}

void RoomWorkers::stop() {
  std::optional<boost::asio::thread_pool>* pool = nullptr;
  {
    std::lock_guard lock(mu_);
    if (stopped_) return;
    stopped_ = true;
    pool = &pool_;
  }
  if (*pool) (*pool)->join();
}

}  // namespace banmen::server
