#include "rooms/room_registry.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {

Result<std::shared_ptr<Room>> RoomRegistry::create(const std::string& address) {
  std::lock_guard lock(mu_);
  if (rooms_.size() >= services_.config.max_rooms)
    return make_error(errc::too_many_rooms, "the server has too many rooms; try later");
  if (per_address_[address] >= services_.config.max_rooms_per_address)
    return make_error(errc::too_many_rooms, "you already have the most rooms you may create");
  std::string id;
  do id = new_room_id();
  while (rooms_.count(id));
  auto room = std::make_shared<Room>(services_, id, address);
  rooms_.emplace(id, room);
  per_address_[address]++;
  services_.metrics.rooms_open++;
  services_.metrics.rooms_created_total++;
  return room;
}

std::shared_ptr<Room> RoomRegistry::find(const std::string& id) const {
  std::lock_guard lock(mu_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::size_t RoomRegistry::size() const {
  std::lock_guard lock(mu_);
  return rooms_.size();
}

json RoomRegistry::list_public(std::size_t limit) const {
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    if (ownership_) {  // every server's rooms, from the store (refresh_lobby())
      json listed = lobby_;
      if (listed.size() > limit)
        listed.erase(listed.begin() + static_cast<long>(limit), listed.end());
      return listed;
    }
    for (const auto& [id, r] : rooms_) rooms.push_back(r);
  }
  std::vector<json> listed;
  for (const auto& r : rooms)
    if (auto l = r->public_listing()) listed.push_back(std::move(*l));
  std::sort(listed.begin(), listed.end(), [](const json& a, const json& b) {
    return a["created_ms"].get<std::int64_t>() > b["created_ms"].get<std::int64_t>();
  });
  if (listed.size() > limit) listed.resize(limit);
  return json(listed);
}

void RoomRegistry::start_sweeping() {
  if (!retention_timer_) arm_retention();
  if (!sweep_timer_) sweep_timer_ = std::make_unique<boost::asio::steady_timer>(services_.ioc);
  // Every few seconds, and more often when the idle time is short (tests shorten it).
  const auto period = std::clamp<std::int64_t>(services_.config.room_idle_ttl_ms / 2, 100, 5000);
  sweep_timer_->expires_after(std::chrono::milliseconds(period));
  sweep_timer_->async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    sweep();
    start_sweeping();
  });
}

void RoomRegistry::stop() {
  if (sweep_timer_) sweep_timer_->cancel();
  if (retention_timer_) retention_timer_->cancel();
  if (renew_timer_) renew_timer_->cancel();
  if (lobby_timer_) lobby_timer_->cancel();
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    stopped_ = true;  // rooms still loading are not put in the map any more
    for (const auto& [id, r] : rooms_) rooms.push_back(r);
  }
  for (auto& r : rooms) r->shutdown();
}

void RoomRegistry::clear() {
  sweep_timer_.reset();
  retention_timer_.reset();
  renew_timer_.reset();
  lobby_timer_.reset();
  {
    std::lock_guard lock(mu_);
    stopped_ = true;
  }
  {
    // A load or a retention run under way finishes (its store call is bounded by the
    // store's own timeouts); queued ones are dropped.
    std::lock_guard lock(worker_mu_);
    for (auto* pool : {&worker_, &lease_worker_})
      if (*pool) {
        (*pool)->stop();
        (*pool)->join();
      }
  }
  std::map<std::string, std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    rooms.swap(rooms_);
    per_address_.clear();
  }
}

void RoomRegistry::sweep() {
  const auto now = unix_ms();
  std::vector<std::shared_ptr<Room>> gone;
  {
    std::lock_guard lock(mu_);
    for (auto it = rooms_.begin(); it != rooms_.end();) {
      if (it->second->expired(now)) {
        gone.push_back(it->second);
        if (ownership_) leaving_.insert(it->first);  // not loaded again before it is let go
        forget_locked(it++);
      } else {
        it->second->end_if_abandoned();
        ++it;
      }
    }
    // Addresses whose URL-created rooms are all older than the idle time are forgotten.
    std::erase_if(recent_creates_, [&](const auto& entry) {
      return entry.second.empty() || entry.second.back() < now - services_.config.room_idle_ttl_ms;
    });
  }
  for (auto& r : gone) {
    // Only memory forgets it: the store keeps the room, and its link brings it back (open())
    // until the retention job closes it.
    spdlog::info("room {} left memory (idle)", r->id());
    if (!ownership_) {
      r->shutdown();
      continue;
    }
    close_and_let_go(r, true);  // its lease goes once its last write is answered
  }
}

void RoomRegistry::forget_locked(std::map<std::string, std::shared_ptr<Room>>::iterator it) {
  if (--per_address_[it->second->creator_address()] <= 0)
    per_address_.erase(it->second->creator_address());
  rooms_.erase(it);
  services_.metrics.rooms_open--;
}

}  // namespace banmen::server
