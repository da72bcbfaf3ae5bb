// One client WebSocket of the load generator: connect, handshake, a read loop that never
// stops while open (so the server's pings are answered), and a write queue.
//
// A connection belongs to one room (its owner) and runs on that room's io_context thread,
// so neither side needs a lock. Handlers keep the connection alive through shared_from_this;
// the owner must outlive them, which the shard ensures by draining its io_context before it
// destroys any room.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <deque>
#include <memory>
#include <string>
#include <string_view>

namespace banmen::load {

// What a connection tells its room. `member` is the connection's index in the room.
class ConnectionOwner {
 public:
  virtual ~ConnectionOwner() = default;
  // The WebSocket handshake finished (ok) or the connection could not be opened.
  virtual void on_open(int member, bool ok, std::string_view what) = 0;
  virtual void on_message(int member, std::string_view text) = 0;
  // An open connection ended; `expected` is true when we closed it ourselves.
  virtual void on_closed(int member, bool expected, std::string_view what) = 0;
};

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  struct Target {
    boost::asio::ip::tcp::endpoint endpoint;
    std::string host_header;  // "127.0.0.1:port"
    std::string path;         // "/ws"
  };

  Connection(boost::asio::io_context& io, ConnectionOwner& owner, int member);

  void start(const Target& target);
  void send(std::string text);
  // A WebSocket close handshake; the TCP socket is closed when it ends or by force_close.
  void close();
  void force_close();
  bool is_open() const { return state_ == State::open; }
  // Messages not yet written (all of them before the connection opens); for tests.
  const std::deque<std::string>& queued() const { return queue_; }

 private:
  enum class State { idle, opening, open, closing, closed };
  void on_connect(const boost::system::error_code& ec);
  void on_handshake(const boost::system::error_code& ec);
  void read();
  void on_read(const boost::system::error_code& ec, std::size_t bytes);
  void write_next();
  void on_write(const boost::system::error_code& ec);
  void finish(bool expected, std::string_view what);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  ConnectionOwner& owner_;
  const Target* target_ = nullptr;
  int member_;
  State state_ = State::idle;
  bool writing_ = false;
};

}  // namespace banmen::load
