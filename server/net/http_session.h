// One HTTP/1.1 connection: serves the web client, /healthz, /metrics and game records,
// and hands a WebSocket upgrade of /ws to a WebsocketSession.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>
#include <string>

#include "net/connection_limits.h"
#include "util/metric_families.h"

namespace banmen::server {

struct NetServices;
struct ExportJob;  // exports/export_service.h

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(NetServices& services, boost::asio::ip::tcp::socket&& socket,
              ConnectionTickets tickets);
  void run();
  // Whom the current request is from (see TrustedProxies), for per-address limits.
  const std::string& client_address() const { return client_address_; }

 private:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;

  // The client address and scheme `req` stands for: the peer's, or a trusted proxy's
  // X-Forwarded-For / X-Forwarded-Proto.
  void resolve_client(const Request& req);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void handle(Request&& req);
  void upgrade(Request&& req);
  void export_request(Request&& req);
  // True (and a JSON 405 sent) for anything but a POST.
  bool refused_unless_post(const Request& req);
  void my_rooms_request(Request&& req);
  void push_subscription_request(Request&& req);
  // Hands `job` to the export workers and writes their answer; `json_errors`: refusals
  // (429, 503) as {"code", "message"}.
  void post_export(Request&& req, ExportJob job, bool json_errors);
  template <class Response>
  void send(Response&& res);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void do_close();
  static void fail(boost::beast::error_code ec, const char* what);

  NetServices& services_;
  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<void> pending_;  // the response being written
  ConnectionTickets tickets_;
  boost::asio::ip::address peer_;
  bool peer_is_proxy_ = false;
  std::string client_address_;          // for every limit and log line
  std::string client_scheme_;           // "http" or "https", for the Origin check
  HttpRoute route_ = HttpRoute::other;  // the current request's, for /metrics
};

}  // namespace banmen::server
