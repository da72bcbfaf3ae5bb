// A blocking WebSocket client speaking protocol v1 as JSON, for tests that drive the real
// server. Every read has a deadline, so a test can never hang on a dead or silent server.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/websocket.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace banmen::test {

using nlohmann::json;

class WsClient {
 public:
  // Connects to ws://127.0.0.1:<port><target>. Returns nullptr when the server is not there
  // or refuses the upgrade.
  static std::unique_ptr<WsClient> connect(unsigned short port, int timeout_ms = 3000,
                                           const std::string& target = "/ws");

  // False when the connection is gone.
  bool send(const json& message);
  // The next message, or nullopt on timeout or a closed connection (then dead() is true).
  std::optional<json> receive(int timeout_ms = 5000);
  // Reads until a message satisfies `pred` (skipping others), at most `timeout_ms` in all.
  template <class Pred>
  std::optional<json> receive_until(Pred pred, int timeout_ms = 5000);

  bool dead() const { return dead_; }
  // The close code the server sent, once dead() (0 when none came).
  int close_code() const { return close_code_; }

 private:
  WsClient() : ws_(ioc_) {}
  boost::asio::io_context ioc_;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
  bool dead_ = false;
  int close_code_ = 0;
};

std::int64_t steady_now_ms();

struct HttpReply {
  int status = 0;  // 0: no answer
  std::string body;
  std::string content_type, content_disposition;
};
// GET http://127.0.0.1:<port><target>, optionally with "Authorization: Bearer <token>".
HttpReply http_get(unsigned short port, const std::string& target, const std::string& bearer = {},
                   int timeout_ms = 5000);

template <class Pred>
std::optional<json> WsClient::receive_until(Pred pred, int timeout_ms) {
  const auto deadline = steady_now_ms() + timeout_ms;
  for (int i = 0; i < 100000; ++i) {
    auto left = deadline - steady_now_ms();
    if (left <= 0) return std::nullopt;
    auto m = receive(static_cast<int>(left));
    if (!m) return std::nullopt;
    if (pred(*m)) return m;
  }
  return std::nullopt;
}

}  // namespace banmen::test
