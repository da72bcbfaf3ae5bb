#include "app/push_subscriptions.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "exports/my_rooms.h"
#include "protocol/error_codes.h"
#include "push/base64url.h"
#include "push/push_request.h"
#include "util/tokens.h"

namespace banmen::server {

namespace {

using nlohmann::json;

ExportReply malformed(std::string_view message) {
  return json_error_reply(400, errc::bad_request, message);
}

std::optional<std::string> string_field(const json& doc, const char* name) {
  if (!doc.is_object()) return std::nullopt;
  auto it = doc.find(name);
  if (it == doc.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

// A key as the browser gives it, base64url of exactly `bytes` bytes (p256dh also starts
// with 0x04, an uncompressed point); the payload encryption checks the point itself.
bool well_formed_key(const std::string& text, std::size_t bytes, bool point) {
  if (text.size() > 128) return false;
  auto raw = base64url_decode(text);
  return raw && raw->size() == bytes && (!point || (*raw)[0] == '\x04');
}

// The player (0 or 1) whose token is `token` in `room_id`; -1 when there is none, or the
// room is unknown or closed; nothing when the store fails.
std::optional<int> player_of_token(Store& store, const std::string& room_id,
                                   const std::string& token) {
  auto room = store.load_room(room_id);
  if (!room) {
    if (room.error().code == stored_not_found) return -1;
    return std::nullopt;
  }
  const std::string hash = sha256_hex(token);
  for (const auto& p : room->players)
    if ((p.player == 0 || p.player == 1) && !p.token_hash.empty() && p.token_hash == hash)
      return p.player;
  return -1;
}

}  // namespace

ExportReply push_subscription_reply(Store& store, std::string_view target, std::string_view body,
                                    const PushRoutePolicy& policy, std::int64_t now_ms) {
  if (!policy.configured)
    return json_error_reply(404, errc::unsupported, "this server sends no push messages");
  if (body.size() > kPushSubscriptionMaxBody)
    return malformed("the body is at most " + std::to_string(kPushSubscriptionMaxBody) + " bytes");
  const bool subscribe = target == kPushSubscribeTarget;
  const json doc = json::parse(body, nullptr, false);
  auto room = string_field(doc, "room");
  auto token = string_field(doc, "token");
  if (!room || !token)
    return malformed(subscribe
                         ? R"(expected {"room", "token", "subscription": {"endpoint", "keys"}})"
                         : R"(expected {"room", "token", "endpoint"})");
  if (!is_urlsafe_id(*room, 1, 64)) return malformed("malformed room id");
  if (!is_urlsafe_id(*token, 1, 128)) return malformed("malformed token");

  std::optional<std::string> endpoint, p256dh, auth;
  if (subscribe) {
    const json& sub = doc.contains("subscription") ? doc["subscription"] : json();
    endpoint = string_field(sub, "endpoint");
    const json& keys = sub.is_object() && sub.contains("keys") ? sub["keys"] : json();
    p256dh = string_field(keys, "p256dh");
    auth = string_field(keys, "auth");
    if (!endpoint || !p256dh || !auth)
      return malformed(R"(expected "subscription": {"endpoint", "keys": {"p256dh", "auth"}})");
    if (!well_formed_key(*p256dh, 65, true) || !well_formed_key(*auth, 16, false))
      return malformed("malformed subscription keys");
  } else {
    endpoint = string_field(doc, "endpoint");
    if (!endpoint) return malformed(R"(expected {"room", "token", "endpoint"})");
  }
  if (!parse_push_endpoint(*endpoint, policy.allow_http_loopback))
    return malformed("the endpoint is not a push service's https URL");

  const auto player = player_of_token(store, *room, *token);
  if (!player) return json_error_reply(503, errc::storage_error, "storage unavailable");
  if (*player < 0)
    return json_error_reply(403, errc::bad_token, "not a player's token in this room");

  Result<void> written =
      subscribe
          ? store.write(StoredPushSubscription{*room, *player, *endpoint, *p256dh, *auth, now_ms})
          : store.write(StoredPushWithdrawal{*room, *player, *endpoint});
  if (!written) {
    // The room was closed between the read and the write: as if it were unknown.
    if (written.error().code == errc::storage_error && !store.load_room(*room))
      return json_error_reply(403, errc::bad_token, "not a player's token in this room");
    return json_error_reply(503, errc::storage_error, "storage unavailable");
  }
  return ExportReply{200, "{\"ok\":true}\n", "application/json", {}, false};
}

}  // namespace banmen::server
