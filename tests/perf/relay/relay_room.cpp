#include "relay_room.h"

#include <algorithm>

namespace banmen::relay {

void Room::add(const std::shared_ptr<Session>& session) {
  std::lock_guard lock(mutex_);
  members_.push_back({session.get(), session});
}

void Room::remove(const Session* session) {
  std::lock_guard lock(mutex_);
  std::erase_if(members_, [session](const Member& member) {
    return member.session == session || member.alive.expired();
  });
}

std::vector<std::shared_ptr<Session>> Room::others(const Session* from) const {
  std::vector<std::shared_ptr<Session>> result;
  std::lock_guard lock(mutex_);
  result.reserve(members_.size());
  for (const auto& member : members_) {
    if (member.session == from) continue;
    // Moved into the result, which the caller releases after the lock is gone.
    if (auto alive = member.alive.lock()) result.push_back(std::move(alive));
  }
  return result;
}

bool Room::empty() const {
  std::lock_guard lock(mutex_);
  return members_.empty();
}

std::shared_ptr<Room> Rooms::enter(const std::string& name,
                                   const std::shared_ptr<Session>& session) {
  std::lock_guard lock(mutex_);
  auto& room = rooms_[name];
  if (!room) room = std::make_shared<Room>();
  room->add(session);
  return room;
}

void Rooms::leave(const std::string& name, const std::shared_ptr<Room>& room,
                  const Session* session) {
  std::lock_guard lock(mutex_);
  room->remove(session);
  if (room->empty()) rooms_.erase(name);
}

}  // namespace banmen::relay
