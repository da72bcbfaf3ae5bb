// The rooms of the bare relay: a name and the sessions in it, nothing else.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace banmen::relay {

class Session;

class Room {
 public:
  void add(const std::shared_ptr<Session>& session);
  void remove(const Session* session);
  // Everyone in the room except `from`, as a snapshot: no lock is held while sending.
  std::vector<std::shared_ptr<Session>> others(const Session* from) const;
  bool empty() const;

 private:
  struct Member {
    const Session* session;  // compared without locking the weak_ptr
    std::weak_ptr<Session> alive;
  };
  // No session may be destroyed while mutex_ is held: its destructor leaves the room, which
  // takes the rooms' lock (a lock cycle). So nothing here ever owns a member under the lock.
  mutable std::mutex mutex_;
  std::vector<Member> members_;
};

class Rooms {
 public:
  std::shared_ptr<Room> enter(const std::string& name, const std::shared_ptr<Session>& session);
  void leave(const std::string& name, const std::shared_ptr<Room>& room, const Session* session);

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
};

}  // namespace banmen::relay
