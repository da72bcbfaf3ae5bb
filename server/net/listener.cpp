#include "net/listener.h"

#include <spdlog/spdlog.h>

#include <boost/asio/strand.hpp>

#include "app/hub.h"
#include "net/http_session.h"

namespace banmen::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(Hub& hub, tcp::endpoint endpoint, boost::beast::error_code& ec)
    : hub_(hub), acceptor_(net::make_strand(hub.ioc)) {
  acceptor_.open(endpoint.protocol(), ec);
  if (ec) return;
  acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (ec) return;
  acceptor_.bind(endpoint, ec);
  if (ec) return;
  acceptor_.listen(net::socket_base::max_listen_connections, ec);
}

unsigned short Listener::port() const {
  boost::system::error_code ec;
  return acceptor_.local_endpoint(ec).port();
}

void Listener::run() {
  do_accept();
}

void Listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ec;
    self->acceptor_.close(ec);
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(
      net::make_strand(hub_.ioc),
      [self = shared_from_this()](boost::beast::error_code ec, tcp::socket socket) {
        self->on_accept(ec, std::move(socket));
      });
}

void Listener::on_accept(boost::beast::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted) return;  // stopped
  if (ec) {
    fail(ec, "accept");
  } else {
    std::make_shared<HttpSession>(hub_, std::move(socket))->run();
  }
  if (acceptor_.is_open()) do_accept();
}

void Listener::fail(boost::beast::error_code ec, const char* what) {
  spdlog::warn("listener: {}: {}", what, ec.message());
}

}  // namespace banmen::server
