// What one push message to one subscription is, before any socket: where it goes (checked
// as a subscription's endpoint must be), its RFC 8030 headers with the VAPID token, and its
// RFC 8291 body. The sender only connects and writes it.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "push/vapid.h"

namespace banmen::server {

inline constexpr std::size_t kPushEndpointMaxBytes = 1024;

struct PushTarget {
  bool tls = true;
  std::string host;
  std::string port;    // "443" when the URL names none
  std::string target;  // path and query, "/" at least
  std::string origin;  // the JWT's audience
};

// A subscription's endpoint as the server accepts it: https with a host name or address,
// at most kPushEndpointMaxBytes, no user part, no fragment, printable ASCII only. With
// `allow_http_loopback` (tests) also http://127.0.0.1[:port]/...
std::optional<PushTarget> parse_push_endpoint(std::string_view endpoint, bool allow_http_loopback);

// A subscription as the browser gives it (PushSubscription.toJSON()).
struct PushSubscriptionKeys {
  std::string endpoint;
  std::string p256dh;  // base64url, 65 bytes decoded
  std::string auth;    // base64url, 16 bytes decoded
};

struct PushRequest {
  PushTarget target;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
};

// The request for `payload`, its token valid 12 hours from `now`, kept by the push service
// for `ttl_seconds` while the browser is away. Nothing when the subscription is malformed.
std::optional<PushRequest> make_push_request(const VapidKeys& keys, std::string_view subject,
                                             const PushSubscriptionKeys& subscription,
                                             std::string_view payload, bool allow_http_loopback,
                                             std::chrono::system_clock::time_point now,
                                             int ttl_seconds);

// The payload of "it is your move": the room, the opponent's name, and an English title and
// line (the service worker shows its own words when it has them) naming the opponent and
// nothing of the game itself (no move, no position, no hand), so that a push service or a
// locked screen learns nothing a spectator could not.
std::string your_turn_payload(std::string_view room_id, std::string_view opponent_name);

}  // namespace banmen::server
