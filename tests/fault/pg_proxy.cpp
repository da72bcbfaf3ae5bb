#include "pg_proxy.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace banmen::test {

namespace {

int connect_upstream(unsigned short port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(port);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

bool write_all(int fd, const char* data, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, data, n);
    if (w <= 0) return false;
    data += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

// One client connection and its upstream. PostgreSQL's bytes are passed on message by
// message (`pending` holds an incomplete one), so an armed relay can stop right before the
// COMMIT's CommandComplete.
struct Pair {
  int client = -1, upstream = -1;
  std::string pending;
  ~Pair() {
    if (client >= 0) ::close(client);
    if (upstream >= 0) ::close(upstream);
  }
};

// Passes on every complete message in `p.pending`; false when the connection must be cut
// (a write failed, or the armed COMMIT answer came).
bool pass_messages(Pair& p, std::atomic<bool>& armed, std::atomic<int>& lost) {
  std::size_t at = 0;
  while (p.pending.size() - at >= 5) {
    std::uint32_t len = 0;
    std::memcpy(&len, p.pending.data() + at + 1, 4);
    len = ntohl(len);
    const std::size_t whole = 1 + static_cast<std::size_t>(len);
    if (len < 4 || p.pending.size() - at < whole) break;
    const char type = p.pending[at];
    if (type == 'C' && len >= 4 + 7 && std::memcmp(p.pending.data() + at + 5, "COMMIT", 7) == 0 &&
        armed.exchange(false)) {
      // What came before the COMMIT's answer goes through; the answer itself never does.
      write_all(p.client, p.pending.data(), at);
      lost++;
      return false;
    }
    at += whole;
  }
  const bool ok = write_all(p.client, p.pending.data(), at);
  p.pending.erase(0, at);
  return ok;
}

}  // namespace

PgProxy::PgProxy(unsigned short upstream_port) : upstream_port_(upstream_port) {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listen_fd_ < 0 || ::pipe2(wake_, O_CLOEXEC) != 0) return;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      ::listen(listen_fd_, 64) != 0 ||
      ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len) != 0)
    return;
  port_ = ntohs(a.sin_port);
  thread_ = std::thread([this] { run(); });
}

PgProxy::~PgProxy() {
  if (thread_.joinable()) {
    const char byte = 0;
    (void)!::write(wake_[1], &byte, 1);
    thread_.join();
  }
  for (int fd : {listen_fd_, wake_[0], wake_[1]})
    if (fd >= 0) ::close(fd);
}

std::string PgProxy::url(const std::string& database) const {
  return "postgresql://banmen@127.0.0.1:" + std::to_string(port_) + "/" + database +
         "?sslmode=disable&gssencmode=disable";
}

void PgProxy::run() {
  std::vector<std::unique_ptr<Pair>> pairs;
  std::vector<char> buf(64 * 1024);
  for (;;) {
    std::vector<pollfd> fds{{wake_[0], POLLIN, 0}, {listen_fd_, POLLIN, 0}};
    for (const auto& p : pairs) {
      fds.push_back({p->client, POLLIN, 0});
      fds.push_back({p->upstream, POLLIN, 0});
    }
    if (::poll(fds.data(), fds.size(), -1) < 0) continue;
    if (fds[0].revents) return;
    const std::size_t polled = pairs.size();  // a pair accepted now is polled next time
    if (fds[1].revents & POLLIN) {
      auto p = std::make_unique<Pair>();
      p->client = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
      p->upstream = connect_upstream(upstream_port_);
      if (p->client >= 0 && p->upstream >= 0) pairs.push_back(std::move(p));
    }
    std::vector<bool> cut(pairs.size(), false);
    for (std::size_t i = 0; i < polled; ++i) {
      Pair& p = *pairs[i];
      const auto& from_client = fds[2 + 2 * i];
      const auto& from_upstream = fds[3 + 2 * i];
      if (from_client.revents & (POLLIN | POLLHUP | POLLERR)) {
        const ssize_t n = ::read(p.client, buf.data(), buf.size());
        if (n <= 0 || !write_all(p.upstream, buf.data(), static_cast<std::size_t>(n)))
          cut[i] = true;
      }
      if (!cut[i] && (from_upstream.revents & (POLLIN | POLLHUP | POLLERR))) {
        const ssize_t n = ::read(p.upstream, buf.data(), buf.size());
        if (n <= 0) {
          cut[i] = true;
        } else {
          p.pending.append(buf.data(), static_cast<std::size_t>(n));
          if (!pass_messages(p, armed_, lost_)) cut[i] = true;
        }
      }
    }
    for (std::size_t i = pairs.size(); i-- > 0;)
      if (cut[i]) pairs.erase(pairs.begin() + static_cast<std::ptrdiff_t>(i));
  }
}

}  // namespace banmen::test
