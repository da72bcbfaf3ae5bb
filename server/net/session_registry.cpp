#include "net/session_registry.h"

#include <vector>

namespace banmen::server {

void SessionRegistry::add(std::uint64_t id, std::weak_ptr<Client> session) {
  std::lock_guard lock(mu_);
  sessions_[id] = std::move(session);
}

void SessionRegistry::remove(std::uint64_t id) {
  std::lock_guard lock(mu_);
  sessions_.erase(id);
}

void SessionRegistry::close_all(std::uint16_t code, const std::string& reason) {
  std::vector<std::shared_ptr<Client>> open;
  {
    std::lock_guard lock(mu_);
    for (auto& [id, weak] : sessions_)
      if (auto s = weak.lock()) open.push_back(std::move(s));
  }
  // Outside the lock: close() only posts to the session's strand.
  for (auto& s : open) s->close(code, reason);
}

}  // namespace banmen::server
