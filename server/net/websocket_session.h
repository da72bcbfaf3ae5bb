// One WebSocket connection at /ws. Reads one message at a time (size-limited), runs it
// through the rate limiter and the dispatcher, and writes from a bounded queue of shared
// immutable buffers: a client that does not read is disconnected, never buffered without
// bound. Everything here runs on the connection's own strand.
#pragma once

#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <memory>
#include <string>
#include <vector>

#include "app/peer.h"
#include "net/connection_limits.h"
#include "util/rate_limiter.h"

namespace banmen::server {

struct NetServices;

class WebsocketSession : public Peer, public std::enable_shared_from_this<WebsocketSession> {
 public:
  // `address` is the client's (see TrustedProxies); `tickets` its places among the
  // connection caps, held until the session goes; `room` the room its URL names (empty:
  // a bare /ws).
  WebsocketSession(NetServices& services, boost::asio::ip::tcp::socket&& socket,
                   std::string address, ConnectionTickets tickets, std::string room = {});
  ~WebsocketSession() override;

  void run(boost::beast::http::request<boost::beast::http::string_body> req);

  // Client
  std::uint64_t client_id() const override { return id_; }
  void send(std::shared_ptr<const std::string> message) override;
  void close(std::uint16_t code, std::string reason) override;
  void left_room(const Room* room) override;
  int protocol() const override { return protocol_.load(std::memory_order_relaxed); }

  // Peer: for the dispatcher (on this session's strand only).
  const std::string& address() const override { return address_; }
  const std::string& routed_room() const override { return routed_room_; }
  std::shared_ptr<Room> room() const override { return room_; }
  void enter_room(std::shared_ptr<Room> room) override;
  void leave_current_room() override;
  void set_protocol(int version) override { protocol_.store(version, std::memory_order_relaxed); }
  void post(std::function<void()> work) override;  // any thread

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void read_within_budget(std::size_t bytes);
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void queue(std::shared_ptr<const std::string> message);
  void do_write();
  void on_write(boost::beast::error_code ec, std::size_t bytes);
  void discard_queue();  // only between writes
  void do_close(std::uint16_t code, std::string reason);
  void drop();  // hard close of the TCP connection
  void arm_idle_timer();
  static void fail(boost::beast::error_code ec, const char* what);

  NetServices& services_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  boost::asio::steady_timer idle_timer_;
  boost::asio::steady_timer read_pause_;  // while the address's read budget is spent
  // Oldest first. A vector, not a deque: an idle connection's empty queue allocates
  // nothing (scenario 3 of docs/performance.md), and the queue is short and bounded.
  std::vector<std::shared_ptr<const std::string>> queue_;
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool closing_ = false;
  bool open_ = false;
  RateLimiter limiter_;
  RefusalWindow refusals_;
  std::shared_ptr<Room> room_;
  std::string address_;
  ConnectionTickets tickets_;
  const std::string routed_room_;
  std::uint64_t id_;
  std::atomic<int> protocol_{1};  // written here, read by rooms on their own strands
};

}  // namespace banmen::server
