// VAPID (RFC 8292): the application server's key pair, checked once at start, and the
// signed token each push request carries so that the push service knows who sends.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "push/p256.h"

namespace banmen::server {

struct VapidKeys {
  P256Key key;             // the pair, for signing
  std::string public_b64;  // base64url of the 65-byte point, as browsers take it
};

// The configured keys (base64url of the raw point and scalar). Nothing, with `why` set, when
// either does not decode, is not on the curve, or the point is not the scalar's.
std::optional<VapidKeys> parse_vapid_keys(std::string_view public_b64, std::string_view private_b64,
                                          std::string& why);

// True for a subject push services accept: a mailto: address or an https: URL.
bool valid_vapid_subject(std::string_view subject);

// A new pair, base64url: {public, private}.
std::pair<std::string, std::string> new_vapid_key_pair();

// "https://push.example.net[:port]" for an endpoint URL; nothing for anything but an
// http(s) URL with a host.
std::optional<std::string> endpoint_origin(std::string_view endpoint);

// The Authorization header's value: "vapid t=<ES256 JWT>, k=<public key>", the token for
// `audience` (the endpoint's origin), valid until `expires` (at most 24 h ahead: RFC 8292).
std::optional<std::string> vapid_authorization(const VapidKeys& keys, std::string_view audience,
                                               std::string_view subject,
                                               std::chrono::system_clock::time_point expires);

}  // namespace banmen::server
