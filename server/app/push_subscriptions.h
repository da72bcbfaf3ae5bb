// POST /api/push/subscribe and /api/push/unsubscribe (docs/protocol.md, "Web Push"): a
// browser hands the server its push subscription for a seat it holds, or takes it back.
// The seat token decides: a subscription is kept only for the player whose token the body
// carries, and an unknown room and a wrong token are answered alike. Answered on the export
// workers (a store read and a write), never on an I/O thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "exports/export_route.h"
#include "storage/store.h"

namespace banmen::server {

inline constexpr std::string_view kPushSubscribeTarget = "/api/push/subscribe";
inline constexpr std::string_view kPushUnsubscribeTarget = "/api/push/unsubscribe";
inline constexpr std::size_t kPushSubscriptionMaxBody = 4 * 1024;  // bytes

struct PushRoutePolicy {
  bool configured = false;           // the server has VAPID keys; otherwise 404 unsupported
  bool allow_http_loopback = false;  // tests: http://127.0.0.1 endpoints
};

// The answer to one POST of `body` to `target` (one of the two above) at `now_ms`. 200
// {"ok": true}; errors are JSON {"code", "message"}: 400 bad_request (malformed body,
// endpoint or keys), 403 bad_token (no such room, or not a player's token in it), 404
// unsupported (no push on this server), 503 storage_error.
ExportReply push_subscription_reply(Store& store, std::string_view target, std::string_view body,
                                    const PushRoutePolicy& policy, std::int64_t now_ms);

}  // namespace banmen::server
