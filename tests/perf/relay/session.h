// One WebSocket of the bare relay. Its first message, "join <room>", puts it in a room and
// is answered "ok"; every later message goes unchanged to the room's other members.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <deque>
#include <memory>
#include <string>

#include "relay_room.h"

namespace banmen::relay {

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(boost::asio::ip::tcp::socket&& socket, Rooms& rooms);
  ~Session();
  void start();
  // Queues a shared message; callable from any thread.
  void deliver(std::shared_ptr<const std::string> message);

 private:
  void on_accept(const boost::system::error_code& ec);
  void read();
  void on_read(const boost::system::error_code& ec, std::size_t bytes);
  void queue(std::shared_ptr<const std::string> message);
  void write_next();
  void on_write(const boost::system::error_code& ec);
  void stop();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  Rooms& rooms_;
  std::string room_name_;
  std::shared_ptr<Room> room_;
  bool writing_ = false;
  bool stopped_ = false;
};

}  // namespace banmen::relay
