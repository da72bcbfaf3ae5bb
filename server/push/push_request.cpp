#include "push/push_request.h"

#include <nlohmann/json.hpp>

#include "push/base64url.h"
#include "push/payload_crypto.h"

namespace banmen::server {

std::optional<PushTarget> parse_push_endpoint(std::string_view endpoint, bool allow_http_loopback) {
  if (endpoint.empty() || endpoint.size() > kPushEndpointMaxBytes) return std::nullopt;
  for (char c : endpoint)
    if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7f || c == '#')
      return std::nullopt;
  PushTarget t;
  std::string_view rest;
  if (endpoint.starts_with("https://")) {
    rest = endpoint.substr(8);
  } else if (allow_http_loopback && endpoint.starts_with("http://127.0.0.1")) {
    t.tls = false;
    rest = endpoint.substr(7);
  } else {
    return std::nullopt;
  }
  std::size_t path_at = rest.find_first_of("/?");
  std::string_view authority = rest.substr(0, path_at);
  std::string_view path = path_at == std::string_view::npos ? "/" : rest.substr(path_at);
  if (authority.empty() || authority.find('@') != std::string_view::npos) return std::nullopt;
  std::string_view host = authority;
  std::string_view port = t.tls ? "443" : "80";
  // An IPv6 literal keeps its brackets in the URL and loses them for the resolver.
  if (authority.front() == '[') {
    std::size_t close = authority.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    host = authority.substr(1, close - 1);
    std::string_view after = authority.substr(close + 1);
    if (!after.empty()) {
      if (after.front() != ':') return std::nullopt;
      port = after.substr(1);
    }
  } else if (std::size_t colon = authority.find(':'); colon != std::string_view::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
  }
  if (host.empty() || port.empty() || port.size() > 5) return std::nullopt;
  for (char c : port)
    if (c < '0' || c > '9') return std::nullopt;
  if (!t.tls && host != "127.0.0.1") return std::nullopt;
  t.host = std::string(host);
  t.port = std::string(port);
  t.target = path.front() == '?' ? "/" + std::string(path) : std::string(path);
  t.origin =
      std::string(endpoint.substr(0, endpoint.size() - rest.size())) + std::string(authority);
  return t;
}

std::optional<PushRequest> make_push_request(const VapidKeys& keys, std::string_view subject,
                                             const PushSubscriptionKeys& subscription,
                                             std::string_view payload, bool allow_http_loopback,
                                             std::chrono::system_clock::time_point now,
                                             int ttl_seconds) {
  auto target = parse_push_endpoint(subscription.endpoint, allow_http_loopback);
  auto ua_public = base64url_decode(subscription.p256dh);
  auto auth = base64url_decode(subscription.auth);
  if (!target || !ua_public || !auth) return std::nullopt;
  auto body = encrypt_push_payload(payload, *ua_public, *auth);
  if (!body) return std::nullopt;
  auto authorization =
      vapid_authorization(keys, target->origin, subject, now + std::chrono::hours(12));
  if (!authorization) return std::nullopt;
  PushRequest request{std::move(*target), {}, std::move(*body)};
  request.headers = {{"TTL", std::to_string(ttl_seconds)},
                     {"Urgency", "normal"},
                     {"Content-Encoding", "aes128gcm"},
                     {"Content-Type", "application/octet-stream"},
                     {"Authorization", std::move(*authorization)}};
  return request;
}

std::string your_turn_payload(std::string_view room_id, std::string_view opponent_name) {
  nlohmann::json payload = {
      {"room", room_id},
      {"opponent", opponent_name},
      {"title", "Your move"},
      {"body", opponent_name.empty() ? "Your opponent has moved."
                                     : std::string(opponent_name) + " has moved."}};
  // Names may hold any UTF-8 the protocol allows; a bad byte must not throw here.
  return payload.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace banmen::server
