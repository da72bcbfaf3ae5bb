// The P-256 and SHA-256 pieces Web Push needs (RFC 8291, RFC 8292), over OpenSSL 3: keys
// from and to their raw forms (65-byte uncompressed point, 32-byte scalar), ECDH, ES256
// signatures as JWT wants them (r || s) and HMAC-SHA-256.
#pragma once

#include <openssl/evp.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace banmen::server {

struct EvpPkeyFree {
  void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
};
using P256Key = std::unique_ptr<EVP_PKEY, EvpPkeyFree>;

inline constexpr std::size_t kP256PublicBytes = 65;
inline constexpr std::size_t kP256PrivateBytes = 32;

// A key pair from the raw private scalar; its public point is computed from it. Null when
// the scalar is not in [1, n-1].
P256Key p256_from_private(std::string_view scalar);
// A public key from an uncompressed point; null when it is not a point of the curve.
P256Key p256_from_public(std::string_view point);
P256Key p256_generate();

std::string p256_public_raw(EVP_PKEY* key);   // 65 bytes, 0x04 || x || y
std::string p256_private_raw(EVP_PKEY* key);  // 32 bytes

// The shared x coordinate (32 bytes); nothing on failure.
std::optional<std::string> p256_ecdh(EVP_PKEY* own, EVP_PKEY* peer);

// ES256: ECDSA P-256 over SHA-256 of `data`, as the 64 bytes r || s of RFC 7518 3.4.
std::optional<std::string> es256_sign(EVP_PKEY* key, std::string_view data);
bool es256_verify(EVP_PKEY* key, std::string_view data, std::string_view signature);

std::string hmac_sha256(std::string_view key, std::string_view data);

}  // namespace banmen::server
