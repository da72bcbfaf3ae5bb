#include "push/vapid.h"

#include <nlohmann/json.hpp>

#include "push/base64url.h"

namespace banmen::server {

std::optional<VapidKeys> parse_vapid_keys(std::string_view public_b64, std::string_view private_b64,
                                          std::string& why) {
  auto point = base64url_decode(public_b64);
  auto scalar = base64url_decode(private_b64);
  if (!point || point->size() != kP256PublicBytes || (*point)[0] != 0x04) {
    why = "the VAPID public key must be base64url of a 65-byte uncompressed P-256 point";
    return std::nullopt;
  }
  if (!p256_from_public(*point)) {
    why = "the VAPID public key is not a point of P-256";
    return std::nullopt;
  }
  if (!scalar || scalar->size() != kP256PrivateBytes) {
    why = "the VAPID private key must be base64url of a 32-byte P-256 scalar";
    return std::nullopt;
  }
  P256Key pair = p256_from_private(*scalar);
  if (!pair) {
    why = "the VAPID private key is not a valid P-256 scalar";
    return std::nullopt;
  }
  if (p256_public_raw(pair.get()) != *point) {
    why = "the VAPID public key is not the private key's (they are from different pairs)";
    return std::nullopt;
  }
  return VapidKeys{std::move(pair), base64url_encode(*point)};
}

bool valid_vapid_subject(std::string_view subject) {
  if (subject.size() > 256) return false;
  for (char c : subject)
    if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7f)
      return false;
  if (subject.starts_with("mailto:")) return subject.find('@') != std::string_view::npos;
  return subject.starts_with("https://") && subject.size() > 8;
}

std::pair<std::string, std::string> new_vapid_key_pair() {
  P256Key key = p256_generate();
  return {base64url_encode(p256_public_raw(key.get())),
          base64url_encode(p256_private_raw(key.get()))};
}

std::optional<std::string> endpoint_origin(std::string_view endpoint) {
  std::size_t scheme_end = endpoint.find("://");
  if (scheme_end == std::string_view::npos) return std::nullopt;
  std::string_view scheme = endpoint.substr(0, scheme_end);
  if (scheme != "https" && scheme != "http") return std::nullopt;
  std::size_t host_start = scheme_end + 3;
  std::size_t host_end = endpoint.find_first_of("/?#", host_start);
  std::string_view authority =
      endpoint.substr(host_start, host_end == std::string_view::npos ? std::string_view::npos
                                                                     : host_end - host_start);
  if (authority.empty() || authority.find('@') != std::string_view::npos) return std::nullopt;
  return std::string(endpoint.substr(0, host_start)) + std::string(authority);
}

std::optional<std::string> vapid_authorization(const VapidKeys& keys, std::string_view audience,
                                               std::string_view subject,
                                               std::chrono::system_clock::time_point expires) {
  nlohmann::json claims = {
      {"aud", audience},
      {"exp", std::chrono::duration_cast<std::chrono::seconds>(expires.time_since_epoch()).count()},
      {"sub", subject}};
  std::string signing_input =
      base64url_encode(R"({"typ":"JWT","alg":"ES256"})") + "." + base64url_encode(claims.dump());
  auto signature = es256_sign(keys.key.get(), signing_input);
  if (!signature) return std::nullopt;
  return "vapid t=" + signing_input + "." + base64url_encode(*signature) + ", k=" + keys.public_b64;
}

}  // namespace banmen::server
