#include "net/websocket_session.h"

#include <spdlog/spdlog.h>

#include <atomic>

#include "net/net_services.h"
#include "protocol/error_codes.h"
#include "protocol/messages.h"
#include "protocol/version.h"
#include "rooms/room.h"

namespace banmen::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

namespace {
std::atomic<std::uint64_t> next_id{1};

}  // namespace

WebsocketSession::WebsocketSession(NetServices& services, net::ip::tcp::socket&& socket,
                                   std::string address, ConnectionTickets tickets, std::string room)
    : services_(services),
      ws_(std::move(socket)),
      idle_timer_(ws_.get_executor()),
      read_pause_(ws_.get_executor()),
      limiter_(services.config.messages_per_second, services.config.message_burst),
      refusals_(services.config.refused_before_close,
                std::chrono::milliseconds(services.config.refused_window_ms)),
      address_(std::move(address)),
      tickets_(std::move(tickets)),
      routed_room_(std::move(room)),
      id_(next_id++) {}

WebsocketSession::~WebsocketSession() {
  if (open_) {
    services_.sessions.remove(id_);
    services_.metrics.connections_open--;
    spdlog::info("conn {} closed addr={}", id_, address_);
  }
}

void WebsocketSession::run(beast::http::request<beast::http::string_body> req) {
  websocket::stream_base::timeout t{};
  t.handshake_timeout = std::chrono::seconds(10);
  // Beast pings after half of this without traffic and closes after all of it.
  t.idle_timeout = std::chrono::milliseconds(services_.config.ping_timeout_ms);
  t.keep_alive_pings = true;
  ws_.set_option(t);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, kServerVersion); }));
  ws_.read_message_max(services_.config.max_message_bytes);
  ws_.auto_fragment(false);
  ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
}

void WebsocketSession::on_accept(beast::error_code ec) {
  if (ec) return fail(ec, "accept");
  open_ = true;
  services_.metrics.connections_open++;
  services_.metrics.connections_total++;
  services_.sessions.add(id_, weak_from_this());
  spdlog::info("conn {} open addr={}{}{}", id_, address_,
               routed_room_.empty() ? "" : " room=", routed_room_);
  arm_idle_timer();
  do_read();
}

void WebsocketSession::arm_idle_timer() {
  idle_timer_.expires_after(std::chrono::milliseconds(services_.config.idle_no_room_ms));
  idle_timer_.async_wait([weak = weak_from_this()](beast::error_code ec) {
    auto self = weak.lock();
    if (ec || !self || self->room_) return;
    spdlog::info("conn {} idle in no room: closing", self->id_);
    self->do_close(4002, "idle");
  });
}

void WebsocketSession::do_read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t n) {
    self->on_read(ec, n);
  });
}

// The next read, now or once the address's read budget has refilled enough.
void WebsocketSession::read_within_budget(std::size_t bytes) {
  const auto wait = services_.read_budget.charge(address_, bytes);
  if (wait.count() == 0) return do_read();
  services_.metrics.read_pauses_total++;
  read_pause_.expires_after(wait);
  read_pause_.async_wait([self = shared_from_this()](beast::error_code) { self->do_read(); });
}

void WebsocketSession::on_read(beast::error_code ec, std::size_t bytes) {
  if (ec) {
    if (ec == websocket::error::message_too_big)
      spdlog::info("conn {} message too big", id_);
    else
      fail(ec, "read");
    idle_timer_.cancel();
    leave_current_room();
    return;
  }
  services_.metrics.messages_in_total++;
  // Every frame costs a token, binary or text, before anything looks inside it; a refused
  // one is answered without being parsed.
  if (!limiter_.allow()) {
    buffer_.consume(buffer_.size());
    services_.metrics.errors_total++;
    services_.metrics.refused.add(Refusal::message_rate);
    if (refusals_.refuse()) {
      spdlog::info("conn {} over the rate limit: closing addr={}", id_, address_);
      do_close(websocket::close_code::policy_error, "rate limit");
      return do_read();  // keep reading so the close handshake completes
    }
    send(encode(error_message(nullptr, errc::rate_limited, "too many messages")));
    return read_within_budget(bytes);
  }
  if (!ws_.got_text()) {
    buffer_.consume(buffer_.size());
    send(encode(error_message(nullptr, errc::bad_request, "send JSON text frames")));
    return read_within_budget(bytes);
  }
  std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  if (!closing_) services_.dispatch(shared_from_this(), text);
  read_within_budget(bytes);
}

void WebsocketSession::send(std::shared_ptr<const std::string> message) {
  net::post(ws_.get_executor(), [self = shared_from_this(), m = std::move(message)]() mutable {
    self->queue(std::move(m));
  });
}

void WebsocketSession::queue(std::shared_ptr<const std::string> message) {
  if (closing_ || !open_) return;
  if (queue_.size() >= services_.config.write_queue_messages ||
      queued_bytes_ + message->size() > services_.config.write_queue_bytes) {
    services_.metrics.slow_clients_dropped_total++;
    spdlog::warn("conn {} does not read: dropped", id_);
    return drop();
  }
  queued_bytes_ += message->size();
  queue_.push_back(std::move(message));
  if (!writing_) do_write();
}

void WebsocketSession::do_write() {
  writing_ = true;
  ws_.text(true);
  ws_.async_write(
      net::buffer(*queue_.front()),
      [self = shared_from_this()](beast::error_code ec, std::size_t n) { self->on_write(ec, n); });
}

void WebsocketSession::on_write(beast::error_code ec, std::size_t) {
  // The finished write's buffer is the queue's front: only now may it go.
  writing_ = false;
  queued_bytes_ -= queue_.front()->size();
  queue_.erase(queue_.begin());
  if (ec || closing_) {
    if (ec) fail(ec, "write");
    return discard_queue();
  }
  if (!queue_.empty()) do_write();
}

void WebsocketSession::discard_queue() {
  if (writing_) return;  // the write in flight still reads its buffer; on_write comes back
  queue_.clear();
  queued_bytes_ = 0;
}

void WebsocketSession::close(std::uint16_t code, std::string reason) {
  net::post(ws_.get_executor(), [self = shared_from_this(), code, r = std::move(reason)]() mutable {
    self->do_close(code, std::move(r));
  });
}

void WebsocketSession::do_close(std::uint16_t code, std::string reason) {
  if (closing_ || !open_) return;
  closing_ = true;
  idle_timer_.cancel();
  // Whatever is queued is flushed by the close handshake's turn; a pending write finishes
  // first because Beast serialises the close frame behind it.
  ws_.async_close(websocket::close_reason(static_cast<websocket::close_code>(code), reason),
                  [self = shared_from_this()](beast::error_code ec) {
                    if (ec) fail(ec, "close");
                    self->leave_current_room();
                  });
}

void WebsocketSession::drop() {
  // Never touches a write in flight: closing the socket makes every pending operation
  // complete with an error, and their handlers (which hold this session) drain the queue.
  closing_ = true;
  idle_timer_.cancel();
  discard_queue();
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().shutdown(net::ip::tcp::socket::shutdown_both, ec);
  beast::get_lowest_layer(ws_).socket().close(ec);
}

void WebsocketSession::enter_room(std::shared_ptr<Room> room) {
  room_ = std::move(room);
  idle_timer_.cancel();
}

void WebsocketSession::leave_current_room() {
  if (!room_) return;
  auto room = std::move(room_);
  room_.reset();
  room->leave(id_);
  if (open_ && !closing_) arm_idle_timer();
}

void WebsocketSession::post(std::function<void()> work) {
  net::post(ws_.get_executor(), [self = shared_from_this(), work = std::move(work)] {
    if (self->open_ && !self->closing_) work();
  });
}

void WebsocketSession::left_room(const Room* room) {
  net::post(ws_.get_executor(), [self = shared_from_this(), room] {
    if (self->room_.get() != room) return;
    self->room_.reset();
    if (self->open_ && !self->closing_) self->arm_idle_timer();
  });
}

void WebsocketSession::fail(beast::error_code ec, const char* what) {
  if (ec == net::error::operation_aborted || ec == websocket::error::closed ||
      ec == beast::error::timeout || ec == net::error::eof)
    return;
  spdlog::debug("ws: {}: {}", what, ec.message());
}

}  // namespace banmen::server
