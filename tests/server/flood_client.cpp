#include "flood_client.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <string>

namespace banmen::testing {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

FloodResult flood_without_reading(unsigned short port, bool binary_frames, std::size_t max_frames,
                                  std::chrono::milliseconds max_time) {
  FloodResult result;
  boost::asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws(ioc);
  beast::error_code ec;
  auto& sock = beast::get_lowest_layer(ws).socket();
  sock.open(tcp::v4(), ec);
  if (ec) return result;
  // A small receive window: the server's answers stop flowing almost at once.
  sock.set_option(boost::asio::socket_base::receive_buffer_size(1024), ec);
  sock.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port), ec);
  if (ec) return result;
  ws.handshake("127.0.0.1:" + std::to_string(port), "/ws", ec);
  if (ec) return result;
  result.connected = true;
  ws.binary(binary_frames);
  // Text frames are valid JSON requests, each of which earns an answer.
  const std::string payload = binary_frames ? std::string("\x01\x02\x03\x04", 4)
                                            : std::string(R"({"type":"list_rooms","id":1})");
  const auto deadline = std::chrono::steady_clock::now() + max_time;
  // Asynchronous writes with a deadline: a server that stops reading must not hang the test.
  beast::get_lowest_layer(ws).expires_at(deadline);
  while (result.frames_sent < max_frames) {
    bool done = false;
    ws.async_write(boost::asio::buffer(payload), [&](beast::error_code e, std::size_t) {
      done = true;
      ec = e;
    });
    ioc.restart();
    ioc.run();
    if (!done) break;
    if (ec) {
      result.server_hung_up = ec != beast::error::timeout;
      break;
    }
    ++result.frames_sent;
  }
  sock.close(ec);
  return result;
}

}  // namespace banmen::testing
