#include "net/listener.h"

#include <spdlog/spdlog.h>

#include <boost/asio/strand.hpp>
#include <cerrno>

#include "net/http_session.h"
#include "net/net_services.h"

namespace banmen::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(NetServices& services, tcp::endpoint endpoint, boost::beast::error_code& ec)
    : services_(services),
      acceptor_(net::make_strand(services.ioc)),
      pause_timer_(acceptor_.get_executor()) {
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
    self->pause_timer_.cancel();
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(
      net::make_strand(services_.ioc),
      [self = shared_from_this()](boost::beast::error_code ec, tcp::socket socket) {
        self->on_accept(ec, std::move(socket));
      });
}

namespace {
// How long to wait before accepting again when the process is out of file descriptors:
// retrying at once spins a core and floods the log.
constexpr auto kDescriptorPause = std::chrono::milliseconds(100);

// EMFILE, ENFILE and their kernel-memory cousins: accept() fails again at once until
// something is closed. Compared by value: accept's errors are system errors.
bool out_of_descriptors(const boost::beast::error_code& ec) {
  if (ec.category() != boost::system::system_category()) return false;
  switch (ec.value()) {
    case EMFILE:
    case ENFILE:
    case ENOBUFS:
    case ENOMEM:
      return true;
    default:
      return false;
  }
}
}  // namespace

void Listener::on_accept(boost::beast::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;  // stopped
  if (out_of_descriptors(ec)) return pause_for_descriptors(ec);
  if (out_of_descriptors_) {
    out_of_descriptors_ = false;
    spdlog::warn("listener: accepting again");
  }
  if (ec)
    fail(ec, "accept");
  else
    admit(std::move(socket));
  do_accept();
}

void Listener::pause_for_descriptors(boost::beast::error_code ec) {
  services_.metrics.accept_out_of_descriptors_total++;
  if (!out_of_descriptors_) {
    out_of_descriptors_ = true;
    spdlog::error("listener: accept: {}: pausing {} ms at a time until descriptors free up",
                  ec.message(), kDescriptorPause.count());
  }
  pause_timer_.expires_after(kDescriptorPause);
  pause_timer_.async_wait([self = shared_from_this()](boost::beast::error_code wait_ec) {
    if (!wait_ec && self->acceptor_.is_open()) self->do_accept();
  });
}

void Listener::admit(tcp::socket socket) {
  boost::system::error_code ec;
  auto peer = socket.remote_endpoint(ec);
  if (ec) return;  // already gone
  ConnectionTickets tickets;
  tickets.total = services_.connection_limits.admit_total(services_.config.max_connections);
  if (!tickets.total) {
    services_.metrics.refused.add(Refusal::max_connections);
    spdlog::debug("listener: refused {}: --max-connections reached", peer.address().to_string());
    return;  // closing the socket is the refusal
  }
  // A trusted proxy carries many clients: they are counted by their forwarded address once
  // the request says which (HttpSession); anyone else is counted here.
  if (!services_.trusted_proxies.contains(peer.address())) {
    tickets.address = services_.connection_limits.admit_address(
        peer.address().to_string(), services_.config.max_connections_per_address);
    if (!tickets.address) {
      services_.metrics.refused.add(Refusal::max_connections_per_address);
      spdlog::debug("listener: refused {}: --max-connections-per-address reached",
                    peer.address().to_string());
      return;
    }
  }
  std::make_shared<HttpSession>(services_, std::move(socket), std::move(tickets))->run();
}

void Listener::fail(boost::beast::error_code ec, const char* what) {
  spdlog::warn("listener: {}: {}", what, ec.message());
}

}  // namespace banmen::server
