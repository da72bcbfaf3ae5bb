// A raw WebSocket client over a plain TCP socket, for tests that must misbehave in ways a
// well-behaved library will not: never read, shrink the receive buffer, flood frames,
// send headers a browser or a proxy would. Every call is bounded in time.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace banmen::testing {

struct RawFrame {
  int opcode = 0;  // 1 text, 2 binary, 8 close, 9 ping, 10 pong
  std::string payload;
  // For a close frame: the status code it carries (0 if none).
  int close_code() const;
};

struct FloodResult {
  std::uint64_t frames = 0;  // frames fully handed to the kernel
  bool peer_closed = false;  // the server reset or closed the connection
};

// One HTTP/1.1 GET to 127.0.0.1:port (Connection: close): the whole answer, headers and
// body, or "" on failure or after 5 s.
std::string raw_http_get(unsigned short port, const std::string& target,
                         const std::vector<std::string>& extra_headers = {});
// The same for a whole request written by the caller (method, headers and body).
std::string raw_http_send(unsigned short port, const std::string& request);
// The status code of such an answer (0 if there is none) and its body.
inline int status_of(const std::string& answer) {
  return answer.size() > 12 ? std::stoi(answer.substr(9, 3)) : 0;
}
inline std::string body_of(const std::string& answer) {
  auto at = answer.find("\r\n\r\n");
  return at == std::string::npos ? "" : answer.substr(at + 4);
}

class RawWsClient {
 public:
  RawWsClient() = default;
  ~RawWsClient();
  RawWsClient(const RawWsClient&) = delete;
  RawWsClient& operator=(const RawWsClient&) = delete;

  // Connects to 127.0.0.1:port and opens /ws with `extra_headers` (each "Name: value").
  // `receive_buffer` > 0 sets SO_RCVBUF before connecting. Returns the HTTP status of the
  // answer (101 on success), or 0 when the connection failed or timed out.
  int open(unsigned short port, const std::vector<std::string>& extra_headers = {},
           int receive_buffer = 0);
  // A plain TCP connection with nothing sent; false if it could not connect.
  bool connect_only(unsigned short port);
  // Sends `frame` (see frame()) over and over, never reading, until the server closes the
  // connection, `max_frames` were sent or `max_time` passed.
  FloodResult flood(const std::string& frame, std::uint64_t max_frames,
                    std::chrono::milliseconds max_time);
  bool send_raw(const std::string& bytes);
  // The next frame from the server, or nullopt on timeout or a closed connection.
  std::optional<RawFrame> read_frame(std::chrono::milliseconds timeout);
  // Reads frames until a close frame arrives; its code, or 0 (timeout or no close frame).
  int wait_close(std::chrono::milliseconds timeout);
  void close();
  int fd() const { return fd_; }

  // A client frame with `opcode` and `payload`: masked with FIN set, unless told otherwise
  // (`rsv`: the three reserved bits, 0..7), for tests of the framing rules.
  static std::string frame(int opcode, const std::string& payload, bool fin = true, int rsv = 0,
                           bool masked = true);

 private:
  bool read_exact(char* out, std::size_t n, std::chrono::steady_clock::time_point deadline);
  int fd_ = -1;
  std::string pending_;  // bytes read past the HTTP answer
};

}  // namespace banmen::testing
