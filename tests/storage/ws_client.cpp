#include "ws_client.h"

#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio/connect.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <chrono>

namespace banmen::test {

namespace beast = boost::beast;
using tcp = boost::asio::ip::tcp;

std::int64_t steady_now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

namespace {
// Blocking reads and writes on this socket give up after `ms` (SO_RCVTIMEO/SO_SNDTIMEO).
void set_timeout(tcp::socket& s, int ms) {
  timeval tv{ms / 1000, (ms % 1000) * 1000};
  setsockopt(s.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  setsockopt(s.native_handle(), SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}
}  // namespace

std::unique_ptr<WsClient> WsClient::connect(unsigned short port, int timeout_ms,
                                            const std::string& target) {
  std::unique_ptr<WsClient> c(new WsClient());
  boost::system::error_code ec;
  auto& sock = c->ws_.next_layer();
  sock.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port), ec);
  if (ec) return nullptr;
  set_timeout(sock, timeout_ms);
  c->ws_.handshake("127.0.0.1:" + std::to_string(port), target, ec);
  if (ec) return nullptr;
  c->ws_.text(true);
  return c;
}

bool WsClient::send(const json& message) {
  if (dead_) return false;
  boost::system::error_code ec;
  ws_.write(boost::asio::buffer(message.dump()), ec);
  if (ec) dead_ = true;
  return !dead_;
}

std::optional<json> WsClient::receive(int timeout_ms) {
  if (dead_) return std::nullopt;
  set_timeout(ws_.next_layer(), std::max(1, timeout_ms));
  beast::flat_buffer buffer;
  boost::system::error_code ec;
  ws_.read(buffer, ec);
  if (ec) {
    // A timeout leaves the stream in an unknown state mid-frame: treat it as gone too.
    dead_ = true;
    if (ec == boost::beast::websocket::error::closed) close_code_ = ws_.reason().code;
    return std::nullopt;
  }
  auto parsed = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
  if (parsed.is_discarded()) return std::nullopt;
  return parsed;
}

HttpReply http_get(unsigned short port, const std::string& target, const std::string& bearer,
                   int timeout_ms) {
  namespace http = beast::http;
  boost::asio::io_context ioc;
  tcp::socket sock(ioc);
  boost::system::error_code ec;
  sock.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port), ec);
  if (ec) return {};
  set_timeout(sock, timeout_ms);
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  if (!bearer.empty()) req.set(http::field::authorization, "Bearer " + bearer);
  http::write(sock, req, ec);
  if (ec) return {};
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(sock, buffer, res, ec);
  if (ec) return {};
  return {static_cast<int>(res.result_int()), res.body(),
          std::string(res[http::field::content_type]),
          std::string(res[http::field::content_disposition])};
}

}  // namespace banmen::test
