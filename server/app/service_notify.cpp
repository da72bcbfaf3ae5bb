#include "app/service_notify.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>

namespace banmen::server {

bool notify_service_manager(std::string_view state) {
  const char* path = std::getenv("NOTIFY_SOCKET");
  if (!path || !*path) return false;
  const std::size_t length = std::strlen(path);
  sockaddr_un addr{};
  if (length >= sizeof addr.sun_path || (path[0] != '/' && path[0] != '@')) return false;
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path, length);
  if (path[0] == '@') addr.sun_path[0] = '\0';  // an abstract socket
  const int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  const auto size = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + length);
  // Never waits: a manager that stops reading fills the socket's short queue, and a blocked
  // send would hold the watchdog thread, or the start before READY=1, for good. A full
  // queue drops this one message instead.
  const bool sent =
      sendto(fd, state.data(), state.size(), MSG_NOSIGNAL | MSG_DONTWAIT,
             reinterpret_cast<const sockaddr*>(&addr), size) == static_cast<ssize_t>(state.size());
  close(fd);
  return sent;
}

}  // namespace banmen::server
