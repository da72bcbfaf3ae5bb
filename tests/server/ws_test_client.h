// A small blocking WebSocket client for the integration tests, built on Beast. Every wait
// has a timeout, so a test that goes wrong fails instead of hanging.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace banmen::testing {

using json = nlohmann::json;
using namespace std::chrono_literals;

class WsClient {
 public:
  WsClient() = default;
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  // Connects to ws://127.0.0.1:<port>/ws, optionally sending an Origin header.
  bool connect(unsigned short port, const std::string& origin = {});
  void send_text(const std::string& text);
  void send(const json& j) { send_text(j.dump()); }
  // The next message, or nullopt after `timeout` or when the connection is closed.
  std::optional<json> next(std::chrono::milliseconds timeout = 5000ms);
  // Reads until a message satisfies `pred` (others are handed to `seen`, if given).
  std::optional<json> wait_for(const std::function<bool(const json&)>& pred,
                               std::chrono::milliseconds timeout = 5000ms,
                               const std::function<void(const json&)>& seen = {});
  // Sends `j` with a fresh id and waits for the answer (a message whose "re" is that id).
  std::optional<json> request(json j, std::chrono::milliseconds timeout = 5000ms,
                              const std::function<void(const json&)>& seen = {});
  bool is_open() const { return open_; }
  // The size in bytes of the last message as it came over the wire.
  std::size_t last_bytes() const { return last_bytes_; }
  // Whether the last review event came as a change (and was handed on folded).
  bool last_review_was_change() const { return last_review_was_change_; }
  // The review this connection holds, for a connection that catches up (`since`) on what an
  // earlier one saw.
  void hold_review(json review) { review_ = std::move(review); }
  // The close code the server sent, once closed (0 if none seen).
  int close_code() const { return close_code_; }
  void close();

 private:
  boost::asio::io_context ioc_;
  std::optional<boost::beast::websocket::stream<boost::beast::tcp_stream>> ws_;
  boost::beast::flat_buffer buffer_;
  // A review event that carries only its change (docs/protocol.md, "review (event)") is
  // handed on as the whole review it makes, as a client shows it.
  json fold_review(json event);
  json review_;  // the whole review this connection holds; null when none
  std::size_t last_bytes_ = 0;
  bool last_review_was_change_ = false;
  bool open_ = false;
  int close_code_ = 0;
  int next_id_ = 1;
};

}  // namespace banmen::testing
