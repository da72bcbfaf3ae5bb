#include "connection.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket.hpp>

namespace banmen::load {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using boost::system::error_code;

namespace {
// A client sends at most one move at a time per room, so a long queue means a stuck socket.
constexpr std::size_t kMaxQueued = 256;
constexpr std::size_t kMaxMessage = 1 << 20;  // snapshots of long games can be large
}  // namespace

Connection::Connection(boost::asio::io_context& io, ConnectionOwner& owner, int member)
    : ws_(io), owner_(owner), member_(member) {}

void Connection::start(const Target& target) {
  target_ = &target;
  state_ = State::opening;
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
  beast::get_lowest_layer(ws_).async_connect(
      target.endpoint, [self = shared_from_this()](const error_code& ec) { self->on_connect(ec); });
}

void Connection::on_connect(const error_code& ec) {
  if (state_ != State::opening) return;
  if (ec) {
    state_ = State::closed;
    owner_.on_open(member_, false, "connect_failed");
    return;
  }
  beast::get_lowest_layer(ws_).socket().set_option(boost::asio::ip::tcp::no_delay(true));
  beast::get_lowest_layer(ws_).expires_never();  // the websocket layer keeps its own timeouts
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws_.read_message_max(kMaxMessage);
  ws_.async_handshake(target_->host_header, target_->path,
                      [self = shared_from_this()](const error_code& e) { self->on_handshake(e); });
}

void Connection::on_handshake(const error_code& ec) {
  if (state_ != State::opening) return;
  if (ec) {
    state_ = State::closed;
    owner_.on_open(member_, false, "handshake_failed");
    return;
  }
  state_ = State::open;
  ws_.text(true);
  read();
  owner_.on_open(member_, true, {});
  if (!queue_.empty()) write_next();
}

void Connection::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](const error_code& ec, std::size_t bytes) {
    self->on_read(ec, bytes);
  });
}

void Connection::on_read(const error_code& ec, std::size_t) {
  if (ec) {
    const bool expected = state_ == State::closing || state_ == State::closed;
    if (ec == websocket::error::closed) {
      finish(expected, "closed_by_server_" + std::to_string(ws_.reason().code));
    } else {
      finish(expected, "read_failed");
    }
    return;
  }
  const auto data = buffer_.cdata();
  owner_.on_message(member_, std::string_view(static_cast<const char*>(data.data()), data.size()));
  buffer_.consume(buffer_.size());
  if (state_ == State::open || state_ == State::closing) read();
}

void Connection::send(std::string text) {
  if (state_ == State::closing || state_ == State::closed) return;
  if (queue_.size() >= kMaxQueued) {
    finish(false, "send_queue_full");
    return;
  }
  queue_.push_back(std::move(text));
  if (state_ == State::open && !writing_) write_next();
}

void Connection::write_next() {
  if (writing_ || queue_.empty()) return;
  writing_ = true;
  ws_.async_write(
      boost::asio::buffer(queue_.front()),
      [self = shared_from_this()](const error_code& ec, std::size_t) { self->on_write(ec); });
}

void Connection::on_write(const error_code& ec) {
  writing_ = false;
  if (!queue_.empty()) queue_.pop_front();
  if (ec) {
    finish(state_ == State::closing || state_ == State::closed, "write_failed");
    return;
  }
  if (state_ == State::open) write_next();
}

void Connection::close() {
  if (state_ == State::opening) {
    force_close();
    return;
  }
  if (state_ != State::open) return;
  state_ = State::closing;
  if (writing_) {
    // A close frame may not start while a write is in flight; the socket closes instead.
    force_close();
    return;
  }
  queue_.clear();
  ws_.async_close(websocket::close_code::normal,
                  [self = shared_from_this()](const error_code&) { self->finish(true, "closed"); });
}

void Connection::force_close() {
  if (state_ == State::closed) return;
  if (state_ == State::idle) {
    state_ = State::closed;
    return;
  }
  if (state_ == State::opening) state_ = State::closing;
  error_code ignored;
  beast::get_lowest_layer(ws_).socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both,
                                                 ignored);
  beast::get_lowest_layer(ws_).socket().close(ignored);
}

void Connection::finish(bool expected, std::string_view what) {
  if (state_ == State::closed) return;
  const bool was_open = state_ == State::open || state_ == State::closing;
  state_ = State::closed;
  error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
  if (was_open) owner_.on_closed(member_, expected, what);
}

}  // namespace banmen::load
