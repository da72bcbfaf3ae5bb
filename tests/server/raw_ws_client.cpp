#include "raw_ws_client.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace banmen::testing {

namespace {
using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() < 0 ? 0 : static_cast<int>(left.count());
}

int connect_loopback(unsigned short port, int receive_buffer) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  if (receive_buffer > 0)
    ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  // Non-blocking from here on: every wait goes through poll() with a deadline.
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  return fd;
}
}  // namespace

std::string raw_http_get(unsigned short port, const std::string& target,
                         const std::vector<std::string>& extra_headers) {
  std::string req = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
  for (const auto& h : extra_headers) req += h + "\r\n";
  req += "\r\n";
  return raw_http_send(port, req);
}

std::string raw_http_send(unsigned short port, const std::string& req) {
  int fd = connect_loopback(port, 0);
  if (fd < 0) return {};
  auto deadline = Clock::now() + std::chrono::seconds(5);
  std::size_t sent = 0;
  std::string answer;
  while (sent < req.size() && Clock::now() < deadline) {
    auto n = ::send(fd, req.data() + sent, req.size() - sent, MSG_NOSIGNAL);
    if (n > 0)
      sent += static_cast<std::size_t>(n);
    else if (errno != EAGAIN && errno != EINTR)
      break;
  }
  while (sent == req.size() && answer.size() < (4u << 20)) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, remaining_ms(deadline)) <= 0) break;
    char buf[8192];
    auto n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    answer.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return answer;
}

int RawFrame::close_code() const {
  if (opcode != 8 || payload.size() < 2) return 0;
  return (static_cast<unsigned char>(payload[0]) << 8) | static_cast<unsigned char>(payload[1]);
}

RawWsClient::~RawWsClient() {
  close();
}

void RawWsClient::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

bool RawWsClient::connect_only(unsigned short port) {
  close();
  fd_ = connect_loopback(port, 0);
  return fd_ >= 0;
}

int RawWsClient::open(unsigned short port, const std::vector<std::string>& extra_headers,
                      int receive_buffer) {
  close();
  pending_.clear();
  fd_ = connect_loopback(port, receive_buffer);
  if (fd_ < 0) return 0;
  std::string req =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
  for (const auto& h : extra_headers) req += h + "\r\n";
  req += "\r\n";
  if (!send_raw(req)) return 0;
  auto deadline = Clock::now() + std::chrono::seconds(5);
  std::string answer;
  while (answer.find("\r\n\r\n") == std::string::npos && answer.size() < 16384) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, remaining_ms(deadline)) <= 0) return 0;
    char buf[4096];
    auto n = ::recv(fd_, buf, sizeof buf, 0);
    if (n <= 0) break;
    answer.append(buf, static_cast<std::size_t>(n));
  }
  auto end = answer.find("\r\n\r\n");
  if (answer.rfind("HTTP/1.1 ", 0) != 0) return 0;
  if (end != std::string::npos) pending_ = answer.substr(end + 4);
  return std::atoi(answer.c_str() + 9);
}

bool RawWsClient::send_raw(const std::string& bytes) {
  auto deadline = Clock::now() + std::chrono::seconds(5);
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    auto n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return false;
    pollfd p{fd_, POLLOUT, 0};
    if (::poll(&p, 1, remaining_ms(deadline)) <= 0) return false;
  }
  return true;
}

FloodResult RawWsClient::flood(const std::string& frame, std::uint64_t max_frames,
                               std::chrono::milliseconds max_time) {
  FloodResult r;
  auto deadline = Clock::now() + max_time;
  std::size_t offset = 0;  // into the frame being sent
  while (r.frames < max_frames && Clock::now() < deadline) {
    auto n = ::send(fd_, frame.data() + offset, frame.size() - offset, MSG_NOSIGNAL);
    if (n > 0) {
      offset += static_cast<std::size_t>(n);
      if (offset == frame.size()) {
        offset = 0;
        ++r.frames;
      }
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
      // The server stopped reading (or we are faster): wait a little, bounded.
      pollfd p{fd_, POLLOUT, 0};
      ::poll(&p, 1, std::min(50, remaining_ms(deadline)));
      if (p.revents & (POLLERR | POLLHUP)) {
        r.peer_closed = true;
        break;
      }
      continue;
    }
    r.peer_closed = true;  // EPIPE, ECONNRESET
    break;
  }
  return r;
}

bool RawWsClient::read_exact(char* out, std::size_t n, Clock::time_point deadline) {
  while (n > 0) {
    if (!pending_.empty()) {
      auto k = std::min(n, pending_.size());
      std::memcpy(out, pending_.data(), k);
      pending_.erase(0, k);
      out += k;
      n -= k;
      continue;
    }
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, remaining_ms(deadline)) <= 0) return false;
    char buf[8192];
    auto got = ::recv(fd_, buf, sizeof buf, 0);
    if (got <= 0) return false;
    pending_.append(buf, static_cast<std::size_t>(got));
  }
  return true;
}

std::optional<RawFrame> RawWsClient::read_frame(std::chrono::milliseconds timeout) {
  if (fd_ < 0) return std::nullopt;
  auto deadline = Clock::now() + timeout;
  unsigned char head[2];
  if (!read_exact(reinterpret_cast<char*>(head), 2, deadline)) return std::nullopt;
  std::uint64_t len = head[1] & 0x7f;
  if (len == 126 || len == 127) {
    unsigned char ext[8];
    std::size_t k = len == 126 ? 2 : 8;
    if (!read_exact(reinterpret_cast<char*>(ext), k, deadline)) return std::nullopt;
    len = 0;
    for (std::size_t i = 0; i < k; ++i) len = (len << 8) | ext[i];
  }
  if (len > (16u << 20)) return std::nullopt;  // a test server never sends this much
  RawFrame f;
  f.opcode = head[0] & 0x0f;
  f.payload.resize(static_cast<std::size_t>(len));
  if (len > 0 && !read_exact(f.payload.data(), f.payload.size(), deadline)) return std::nullopt;
  return f;
}

int RawWsClient::wait_close(std::chrono::milliseconds timeout) {
  auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    auto f = read_frame(std::chrono::milliseconds(remaining_ms(deadline)));
    if (!f) return 0;
    if (f->opcode == 8) return f->close_code();
  }
  return 0;
}

std::string RawWsClient::frame(int opcode, const std::string& payload, bool fin, int rsv,
                               bool masked) {
  std::string out;
  out.push_back(static_cast<char>((fin ? 0x80 : 0) | ((rsv & 7) << 4) | (opcode & 0x0f)));
  const std::size_t n = payload.size();
  const int mask_bit = masked ? 0x80 : 0;
  if (n < 126) {
    out.push_back(static_cast<char>(mask_bit | n));
  } else if (n <= 0xffff) {
    out.push_back(static_cast<char>(mask_bit | 126));
    out.push_back(static_cast<char>(n >> 8));
    out.push_back(static_cast<char>(n & 0xff));
  } else {
    out.push_back(static_cast<char>(mask_bit | 127));
    for (int i = 7; i >= 0; --i) out.push_back(static_cast<char>((n >> (8 * i)) & 0xff));
  }
  if (!masked) return out + payload;
  const char mask[4] = {0x12, 0x34, 0x56, 0x78};
  out.append(mask, 4);
  for (std::size_t i = 0; i < n; ++i) out.push_back(static_cast<char>(payload[i] ^ mask[i % 4]));
  return out;
}

}  // namespace banmen::testing
