#include "ws_test_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace banmen::testing {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

WsClient::~WsClient() {
  close();
}

bool WsClient::connect(unsigned short port, const std::string& origin) {
  ws_.emplace(ioc_);
  beast::error_code ec;
  auto& sock = beast::get_lowest_layer(*ws_);
  sock.expires_after(5s);
  sock.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port), ec);
  if (ec) return false;
  if (!origin.empty())
    ws_->set_option(websocket::stream_base::decorator(
        [origin](websocket::request_type& req) { req.set(beast::http::field::origin, origin); }));
  ws_->read_message_max(1 << 24);
  ws_->handshake("127.0.0.1:" + std::to_string(port), "/ws", ec);
  sock.expires_never();
  if (ec) return false;
  open_ = true;
  return true;
}

void WsClient::send_text(const std::string& text) {
  if (!open_) return;
  beast::error_code ec;
  ws_->text(true);
  ws_->write(boost::asio::buffer(text), ec);
  if (ec) open_ = false;
}

std::optional<json> WsClient::next(std::chrono::milliseconds timeout) {
  if (!open_) return std::nullopt;
  bool done = false;
  beast::error_code result;
  ws_->async_read(buffer_, [&](beast::error_code ec, std::size_t) {
    done = true;
    result = ec;
  });
  ioc_.restart();
  ioc_.run_for(timeout);
  if (!done) {
    // Timed out: abandon the connection (a pending read cannot be resumed safely).
    beast::get_lowest_layer(*ws_).socket().close();
    ioc_.restart();
    ioc_.run_for(1s);
    open_ = false;
    return std::nullopt;
  }
  if (result) {
    if (result == websocket::error::closed) close_code_ = ws_->reason().code;
    open_ = false;
    return std::nullopt;
  }
  auto text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  last_bytes_ = text.size();
  auto j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return json{{"type", "<not json>"}};
  if (j.is_object() && j.value("type", "") == "snapshot")
    review_ = j.contains("review") ? j["review"] : json(nullptr);
  if (j.is_object() && j.value("type", "") == "review") return fold_review(std::move(j));
  return j;
}

json WsClient::fold_review(json event) {
  last_review_was_change_ = false;
  if (!event.value("open", false) || event.contains("nodes")) {
    review_ = event.value("open", false) ? event : json(nullptr);
    return event;
  }
  // A change: applied to the review it follows, else handed on as it came.
  if (!review_.is_object() || event.value("base", -1) != review_.value("version", -2)) return event;
  last_review_was_change_ = true;
  for (const auto& n : event.value("added", json::array())) {
    json node = n;
    node["children"] = json::array();
    review_["nodes"][n["parent"].get<std::size_t>()]["children"].push_back(n["id"]);
    review_["nodes"].push_back(std::move(node));
  }
  for (const auto& [key, value] : event.items())
    if (key != "base" && key != "added") review_[key] = value;
  return review_;
}

std::optional<json> WsClient::wait_for(const std::function<bool(const json&)>& pred,
                                       std::chrono::milliseconds timeout,
                                       const std::function<void(const json&)>& seen) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (open_) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left <= 0ms) return std::nullopt;
    auto m = next(left);
    if (!m) return std::nullopt;
    if (pred(*m)) return m;
    if (seen) seen(*m);
  }
  return std::nullopt;
}

std::optional<json> WsClient::request(json j, std::chrono::milliseconds timeout,
                                      const std::function<void(const json&)>& seen) {
  int id = next_id_++;
  j["id"] = id;
  send(j);
  return wait_for([id](const json& m) { return m.value("re", json()) == json(id); }, timeout, seen);
}

void WsClient::close() {
  if (!ws_ || !open_) return;
  open_ = false;
  beast::error_code ec;
  beast::get_lowest_layer(*ws_).expires_after(2s);
  ws_->close(websocket::close_code::normal, ec);
}

}  // namespace banmen::testing
