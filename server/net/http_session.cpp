#include "net/http_session.h"

#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

#include "app/push_subscriptions.h"
#include "exports/export_route.h"
#include "exports/my_rooms.h"
#include "net/net_services.h"
#include "net/origin_policy.h"
#include "net/static_files.h"
#include "net/websocket_session.h"
#include "net/ws_target.h"
#include "protocol/error_codes.h"
#include "protocol/version.h"
#include "util/time.h"

namespace banmen::server {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {
// The requests with a body are POST /api/my-rooms (exports/my_rooms.h), the largest, and
// the Web Push subscriptions (app/push_subscriptions.h).
constexpr std::size_t kMaxRequestBody = kMyRoomsMaxBody;
static_assert(kPushSubscriptionMaxBody <= kMaxRequestBody);
constexpr auto kHttpTimeout = std::chrono::seconds(30);

template <class Body>
void common_headers(http::response<Body>& res, std::string_view type) {
  res.set(http::field::server, kServerVersion);
  res.set(http::field::content_type, type);
  res.set("X-Content-Type-Options", "nosniff");
  res.set("X-Frame-Options", "DENY");
  res.set("Referrer-Policy", "no-referrer");
  // Everything the client loads comes from this server; its WebSocket too ('self' covers
  // ws: and wss: on the same host). Board libraries set inline styles.
  res.set("Content-Security-Policy",
          "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
          "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
}

http::response<http::string_body> text_response(const HttpSession*, unsigned version,
                                                bool keep_alive, http::status status,
                                                std::string body, std::string_view type) {
  http::response<http::string_body> res{status, version};
  common_headers(res, type);
  res.keep_alive(keep_alive);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

// The route label of a plain request's target (the label set stays fixed: no path in it).
HttpRoute route_of(std::string_view target) {
  if (target == "/healthz") return HttpRoute::healthz;
  if (target == "/readyz") return HttpRoute::readyz;
  if (target == "/metrics") return HttpRoute::metrics;
  if (target.starts_with("/api/")) return HttpRoute::api;
  return HttpRoute::static_files;
}
}  // namespace

HttpSession::HttpSession(NetServices& services, boost::asio::ip::tcp::socket&& socket,
                         ConnectionTickets tickets)
    : services_(services), stream_(std::move(socket)), tickets_(std::move(tickets)) {
  beast::error_code ec;
  peer_ = stream_.socket().remote_endpoint(ec).address();
  peer_is_proxy_ = services_.trusted_proxies.contains(peer_);
  client_address_ = peer_.to_string();
  client_scheme_ = "http";
}

void HttpSession::resolve_client(const Request& req) {
  if (!peer_is_proxy_) return;  // the headers of anyone else are ignored
  std::string forwarded;
  // Several X-Forwarded-For fields read as one list, in order.
  for (auto [it, end] = req.equal_range("X-Forwarded-For"); it != end; ++it) {
    if (!forwarded.empty()) forwarded += ',';
    forwarded.append(it->value().data(), it->value().size());
  }
  client_address_ = services_.trusted_proxies.client_address(peer_, forwarded).to_string();
  auto proto = std::string_view(req["X-Forwarded-Proto"]);
  client_scheme_ = beast::iequals(proto, "https") ? "https" : "http";
}

void HttpSession::run() {
  boost::asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->do_read(); });
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->body_limit(kMaxRequestBody);
  parser_->header_limit(8 * 1024);
  stream_.expires_after(kHttpTimeout);
  http::async_read(
      stream_, buffer_, *parser_,
      [self = shared_from_this()](beast::error_code ec, std::size_t n) { self->on_read(ec, n); });
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return do_close();
  if (ec == http::error::body_limit) {  // the rest of the body is never read: answer, close
    route_ = HttpRoute::api;
    return send(text_response(
        this, parser_->get().version(), false, http::status::payload_too_large,
        json_error_reply(413, errc::bad_request,
                         "the body is at most " + std::to_string(kMaxRequestBody) + " bytes")
            .body,
        "application/json"));
  }
  if (ec) return fail(ec, "read");
  auto req = parser_->release();
  resolve_client(req);
  if (beast::websocket::is_upgrade(req)) {
    route_ = HttpRoute::ws;
    return upgrade(std::move(req));
  }
  handle(std::move(req));
}

void HttpSession::upgrade(Request&& req) {
  auto target = std::string_view(req.target().data(), req.target().size());
  auto origin = std::string_view(req[http::field::origin]);
  auto host = std::string_view(req[http::field::host]);
  bool malformed = false;
  auto parsed = parse_ws_target(target, malformed);
  if (malformed) {
    spdlog::info("http: refused websocket upgrade target={} addr={}: malformed room", target,
                 client_address_);
    return send(text_response(this, req.version(), false, http::status::bad_request,
                              "bad room: /ws?room=<id>, an id of 1 to 64 url-safe characters\n",
                              "text/plain; charset=utf-8"));
  }
  bool path_ok = parsed.has_value();
  if (!path_ok || !origin_allowed(origin, host, client_scheme_, services_.config.allowed_origins)) {
    spdlog::info("http: refused websocket upgrade target={} origin={} addr={}", target, origin,
                 client_address_);
    return send(text_response(
        this, req.version(), false, path_ok ? http::status::forbidden : http::status::not_found,
        path_ok ? "origin not allowed\n" : "not found\n", "text/plain; charset=utf-8"));
  }
  // While the stored rooms are restored (or once a shutdown has begun) no player may join:
  // the client retries as after any drop, and finds its room once it is back.
  if (!services_.ready) {
    auto res = text_response(this, req.version(), false, http::status::service_unavailable,
                             "not ready: starting or shutting down\n", "text/plain; charset=utf-8");
    res.set(http::field::retry_after, "1");
    return send(std::move(res));
  }
  // Behind a trusted proxy the forwarded client takes a place of its own address's share.
  if (!tickets_.address) {
    tickets_.address = services_.connection_limits.admit_address(
        client_address_, services_.config.max_connections_per_address);
    if (!tickets_.address) {
      services_.metrics.refused.add(Refusal::max_connections_per_address);
      spdlog::info("http: refused websocket upgrade addr={}: too many connections",
                   client_address_);
      return send(text_response(this, req.version(), false, http::status::service_unavailable,
                                "too many connections from your address\n",
                                "text/plain; charset=utf-8"));
    }
  }
  stream_.expires_never();
  services_.metrics.http_requests.add(HttpRoute::ws, 101);
  std::make_shared<WebsocketSession>(services_, stream_.release_socket(), client_address_,
                                     std::move(tickets_), std::move(parsed->room))
      ->run(std::move(req));
}

void HttpSession::handle(Request&& req) {
  const auto version = req.version();
  const bool keep_alive = req.keep_alive();
  const std::string target(req.target());
  route_ = route_of(target);
  auto text = [&](http::status status, std::string body, std::string_view type) {
    send(text_response(this, version, keep_alive, status, std::move(body), type));
  };
  if (target == kMyRoomsTarget) return my_rooms_request(std::move(req));
  if (target == kPushSubscribeTarget || target == kPushUnsubscribeTarget)
    return push_subscription_request(std::move(req));
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return text(http::status::method_not_allowed, "method not allowed\n",
                "text/plain; charset=utf-8");
  if (target == "/healthz") return text(http::status::ok, "ok", "text/plain; charset=utf-8");
  if (target == "/readyz") {
    // Ready: rooms restored, not shutting down, the store's last group commit went through
    // (a full or failing disk, PostgreSQL away), no write has waited past --store-stall-ms
    // (a database that stopped answering) and, with several servers, the last renewal of
    // the room leases went through. Each comes back by itself.
    const auto stats = services_.store.stats();
    std::string why;
    if (!services_.ready)
      why = "not ready: starting or shutting down\n";
    else if (!stats.last_commit_ok)
      why = "not ready: the store refuses writes\n";
    else if (stats.oldest_wait_ms > services_.config.store_stall_ms)
      why = "not ready: a store write has waited " + std::to_string(stats.oldest_wait_ms) + " ms\n";
    else if (services_.metrics.lease_renewal_failing)
      why = "not ready: the room leases could not be renewed\n";
    if (why.empty()) return text(http::status::ok, "ready\n", "text/plain; charset=utf-8");
    return text(http::status::service_unavailable, std::move(why), "text/plain; charset=utf-8");
  }
  if (target == "/metrics")
    return text(http::status::ok,
                services_.metrics.render(services_.store.stats(), services_.engine.stats()),
                "text/plain; version=0.0.4; charset=utf-8");
  if (is_export_target(target)) return export_request(std::move(req));
  // Web Push: the key browsers subscribe with (PushManager.subscribe's applicationServerKey),
  // checked at start; null where the deployment has none (a 200: every page asks, and a 404
  // would be an error in every browser console), and the client offers no switch.
  if (target == "/api/push/key") {
    if (!services_.config.push_configured())
      return text(http::status::ok, "{\"public_key\":null}\n", "application/json");
    return text(http::status::ok,
                "{\"public_key\":\"" + services_.config.vapid_public_key + "\"}\n",
                "application/json");
  }
  if (target.starts_with("/api/"))
    return text(http::status::not_found, "not found\n", "text/plain; charset=utf-8");

  auto path = static_path_for(services_.config.static_dir, target);
  if (!path) return text(http::status::bad_request, "bad path\n", "text/plain; charset=utf-8");
  // Directories, missing files and anything whose real path leaves the folder: 404.
  auto file = find_static_file(services_.config.static_dir, *path,
                               accepts_gzip(req[http::field::accept_encoding]));
  if (!file) return text(http::status::not_found, "not found\n", "text/plain; charset=utf-8");
  // Vite's hashed assets never change; index.html must be revalidated (ETag, 304).
  const bool hashed = target.starts_with("/assets/");
  auto file_headers = [&](auto& res) {
    common_headers(res, file->type);
    res.set(http::field::cache_control,
            hashed ? "public, max-age=31536000, immutable" : "no-cache");
    res.set(http::field::etag, file->etag);
    res.set(http::field::vary, "Accept-Encoding");
    if (file->gzip) res.set(http::field::content_encoding, "gzip");
    res.keep_alive(keep_alive);
  };
  if (etag_matches(req[http::field::if_none_match], file->etag)) {
    http::response<http::empty_body> res{http::status::not_modified, version};
    file_headers(res);
    res.erase(http::field::content_type);
    res.erase(http::field::content_encoding);
    return send(std::move(res));
  }
  beast::error_code ec;
  http::file_body::value_type body;
  body.open(file->path.c_str(), beast::file_mode::scan, ec);
  if (ec) return text(http::status::not_found, "not found\n", "text/plain; charset=utf-8");
  const auto size = body.size();
  if (req.method() == http::verb::head) {
    http::response<http::empty_body> res{http::status::ok, version};
    file_headers(res);
    res.content_length(size);
    return send(std::move(res));
  }
  http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                      std::make_tuple(http::status::ok, version)};
  file_headers(res);
  res.content_length(size);
  send(std::move(res));
}

// Records and listings are built by the export workers; this session reads nothing more
// until the answer is written, so one connection has at most one export under way.
void HttpSession::export_request(Request&& req) {
  ExportJob job{std::string(req.target()),
                std::string(req[http::field::authorization]),
                std::string(req[http::field::host]),
                client_address_,
                {},
                false};
  post_export(std::move(req), std::move(job), false);
}

// The JSON routes that take a body answer anything but a POST with a JSON 405.
bool HttpSession::refused_unless_post(const Request& req) {
  if (req.method() == http::verb::post) return false;
  auto res =
      text_response(this, req.version(), req.keep_alive(), http::status::method_not_allowed,
                    json_error_reply(405, errc::bad_request, "use POST").body, "application/json");
  res.set(http::field::allow, "POST");
  send(std::move(res));
  return true;
}

// POST /api/my-rooms: the seats in the body, answered by the export workers like a record
// (store reads and replays), from the same per-address budget; its errors are JSON.
void HttpSession::my_rooms_request(Request&& req) {
  if (refused_unless_post(req)) return;
  ExportJob job{std::string(kMyRoomsTarget), {}, {}, client_address_, std::move(req.body()), true};
  post_export(std::move(req), std::move(job), true);
}

// POST /api/push/subscribe and /unsubscribe: a seat's token checked and a subscription
// written, by the export workers (the store is never touched on an I/O thread), from the
// same per-address budget.
void HttpSession::push_subscription_request(Request&& req) {
  if (refused_unless_post(req)) return;
  ExportJob job{std::string(req.target()), {}, {}, client_address_, {}, false};
  const PushRoutePolicy policy{services_.config.push_configured(),
                               services_.config.push_allow_http_endpoints};
  job.answer_with = [target = job.target, body = std::move(req.body()), policy](Store& store) {
    return push_subscription_reply(store, target, body, policy, unix_ms());
  };
  post_export(std::move(req), std::move(job), true);
}

void HttpSession::post_export(Request&& req, ExportJob job, bool json_errors) {
  const auto version = req.version();
  const bool keep_alive = req.keep_alive();
  auto refuse = [&](http::status status, std::string body) {
    auto res =
        json_errors
            ? text_response(
                  this, version, keep_alive, status,
                  json_error_reply(static_cast<unsigned>(status), errc::rate_limited, body).body,
                  "application/json")
            : text_response(this, version, keep_alive, status, body + "\n",
                            "text/plain; charset=utf-8");
    res.set(http::field::retry_after, "1");
    send(std::move(res));
  };
  if (!services_.exports.admit(client_address_))
    return refuse(http::status::too_many_requests, "too many requests: try again shortly");
  auto done = [self = shared_from_this(), version, keep_alive](ExportReply r) {
    // Back on this session's own executor to write.
    auto executor = self->stream_.get_executor();
    boost::asio::post(executor, [self, r = std::move(r), version, keep_alive]() mutable {
      auto res = text_response(self.get(), version, keep_alive, static_cast<http::status>(r.status),
                               std::move(r.body), r.content_type);
      if (!r.content_disposition.empty())
        res.set(http::field::content_disposition, r.content_disposition);
      // A finished game's record never changes; anything else may, or is someone's view.
      res.set(http::field::cache_control, r.cacheable ? "private, max-age=86400" : "no-store");
      self->send(std::move(res));
    });
  };
  if (!services_.exports.post(std::move(job), std::move(done)))
    return refuse(http::status::service_unavailable, "busy: try again shortly");
}

template <class Response>
void HttpSession::send(Response&& res) {
  auto sp = std::make_shared<std::decay_t<Response>>(std::forward<Response>(res));
  services_.metrics.http_requests.add(route_, static_cast<int>(sp->result_int()));
  pending_ = sp;
  bool keep_alive = sp->keep_alive();
  http::async_write(stream_, *sp,
                    [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t n) {
                      self->on_write(keep_alive, ec, n);
                    });
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  pending_.reset();
  if (ec) return fail(ec, "write");
  if (!keep_alive) return do_close();
  do_read();
}

void HttpSession::do_close() {
  beast::error_code ec;
  stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ec);
}

void HttpSession::fail(beast::error_code ec, const char* what) {
  if (ec == beast::error::timeout || ec == boost::asio::error::operation_aborted) return;
  spdlog::debug("http: {}: {}", what, ec.message());
}

}  // namespace banmen::server
