#include "session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

namespace banmen::relay {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using boost::system::error_code;

namespace {
constexpr std::size_t kMaxMessage = 32 * 1024;  // the product's default limit
constexpr std::size_t kMaxQueued = 1024;        // a client that does not read is dropped
}  // namespace

Session::Session(boost::asio::ip::tcp::socket&& socket, Rooms& rooms)
    : ws_(std::move(socket)), rooms_(rooms) {}

Session::~Session() {
  if (room_) rooms_.leave(room_name_, room_, this);
}

void Session::start() {
  boost::asio::dispatch(ws_.get_executor(), [self = shared_from_this()] {
    auto& ws = self->ws_;
    error_code ignored;  // a peer already gone fails later, on the handshake
    beast::get_lowest_layer(ws).socket().set_option(boost::asio::ip::tcp::no_delay(true), ignored);
    ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws.read_message_max(kMaxMessage);
    ws.async_accept([self](const error_code& ec) { self->on_accept(ec); });
  });
}

void Session::on_accept(const error_code& ec) {
  if (ec) return;
  ws_.text(true);
  read();
}

void Session::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](const error_code& ec, std::size_t n) {
    self->on_read(ec, n);
  });
}

void Session::on_read(const error_code& ec, std::size_t) {
  if (ec) {
    stop();
    return;
  }
  const auto data = buffer_.cdata();
  auto message =
      std::make_shared<const std::string>(static_cast<const char*>(data.data()), data.size());
  buffer_.consume(buffer_.size());
  if (!room_) {
    constexpr std::string_view join = "join ";
    if (message->size() <= join.size() || message->compare(0, join.size(), join) != 0) {
      stop();
      return;
    }
    room_name_ = message->substr(join.size());
    room_ = rooms_.enter(room_name_, shared_from_this());
    queue(std::make_shared<const std::string>("ok"));
  } else {
    for (const auto& other : room_->others(this)) other->deliver(message);
  }
  read();
}

void Session::deliver(std::shared_ptr<const std::string> message) {
  boost::asio::post(ws_.get_executor(),
                    [self = shared_from_this(), m = std::move(message)] { self->queue(m); });
}

void Session::queue(std::shared_ptr<const std::string> message) {
  if (stopped_) return;
  if (queue_.size() >= kMaxQueued) {
    stop();
    return;
  }
  queue_.push_back(std::move(message));
  write_next();
}

void Session::write_next() {
  if (writing_ || queue_.empty()) return;
  writing_ = true;
  ws_.async_write(
      boost::asio::buffer(*queue_.front()),
      [self = shared_from_this()](const error_code& ec, std::size_t) { self->on_write(ec); });
}

void Session::on_write(const error_code& ec) {
  writing_ = false;
  queue_.pop_front();
  if (ec) {
    stop();
    return;
  }
  write_next();
}

void Session::stop() {
  if (stopped_) return;
  stopped_ = true;
  error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
}

}  // namespace banmen::relay
