#include "app/healthcheck_command.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace banmen::server {

namespace {

using Clock = std::chrono::steady_clock;

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// Waits for `events` on `fd` until `deadline`; false on timeout or error.
bool wait_for(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    pollfd p{fd, events, 0};
    const int n = ::poll(&p, 1, static_cast<int>(left));
    if (n > 0) return true;
    if (n < 0 && errno != EINTR) return false;
  }
}

}  // namespace

bool server_is_alive(const Config& config, int timeout_ms, std::string& why) {
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  // A server on every address is asked on the loopback; one on a single address, there.
  sockaddr_storage addr{};
  socklen_t size = 0;
  const bool any = config.bind == "0.0.0.0" || config.bind == "::" || config.bind.empty();
  const std::string host = any ? (config.bind == "::" ? "::1" : "127.0.0.1") : config.bind;
  auto* v4 = reinterpret_cast<sockaddr_in*>(&addr);
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&addr);
  if (::inet_pton(AF_INET, host.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(config.port);
    size = sizeof *v4;
  } else if (::inet_pton(AF_INET6, host.c_str(), &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(config.port);
    size = sizeof *v6;
  } else {
    why = "bad --bind address " + host;
    return false;
  }
  Fd fd(::socket(addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (fd.get() < 0) {
    why = std::string("socket: ") + std::strerror(errno);
    return false;
  }
  const std::string where = host + ":" + std::to_string(config.port);
  if (::connect(fd.get(), reinterpret_cast<sockaddr*>(&addr), size) != 0) {
    if (errno != EINPROGRESS || !wait_for(fd.get(), POLLOUT, deadline)) {
      why = "cannot connect to " + where + ": " +
            (errno == EINPROGRESS ? std::string("timed out") : std::strerror(errno));
      return false;
    }
    int error = 0;
    socklen_t len = sizeof error;
    ::getsockopt(fd.get(), SOL_SOCKET, SO_ERROR, &error, &len);
    if (error != 0) {
      why = "cannot connect to " + where + ": " + std::strerror(error);
      return false;
    }
  }
  const std::string request = "GET /healthz HTTP/1.0\r\nHost: " + host + "\r\n\r\n";
  std::size_t sent = 0;
  while (sent < request.size()) {
    if (!wait_for(fd.get(), POLLOUT, deadline)) {
      why = "timed out writing to " + where;
      return false;
    }
    const ssize_t n = ::send(fd.get(), request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno != EAGAIN && errno != EINTR) {
      why = std::string("send: ") + std::strerror(errno);
      return false;
    }
    if (n > 0) sent += static_cast<std::size_t>(n);
  }
  // The status line is all that is read: "HTTP/1.x 200 ...".
  std::string answer;
  while (answer.find("\r\n") == std::string::npos && answer.size() < 256) {
    if (!wait_for(fd.get(), POLLIN, deadline)) {
      why = "no answer from " + where + " in " + std::to_string(timeout_ms) + " ms";
      return false;
    }
    char buf[256];
    const ssize_t n = ::recv(fd.get(), buf, sizeof buf, 0);
    if (n == 0) break;
    if (n < 0 && errno != EAGAIN && errno != EINTR) {
      why = std::string("recv: ") + std::strerror(errno);
      return false;
    }
    if (n > 0) answer.append(buf, static_cast<std::size_t>(n));
  }
  const auto line = answer.substr(0, answer.find("\r\n"));
  if (line.size() >= 12 && line.starts_with("HTTP/1.") && line.compare(8, 4, " 200") == 0)
    return true;
  why = "/healthz on " + where + " answered \"" + line.substr(0, 64) + "\"";
  return false;
}

}  // namespace banmen::server
