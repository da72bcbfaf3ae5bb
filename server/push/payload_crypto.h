// Message encryption for Web Push (RFC 8291): the payload sealed for one subscription with
// ECDH P-256, HKDF-SHA-256 and the aes128gcm content coding (RFC 8188), in one record.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace banmen::server {

// One record of 4096 bytes holds the payload, its delimiter and the 16-byte tag.
inline constexpr std::size_t kPushRecordSize = 4096;
inline constexpr std::size_t kPushMaxPlaintext = kPushRecordSize - 17;

// The request body for a subscription whose keys are `ua_public` (the p256dh key, 65 raw
// bytes) and `auth_secret` (16 raw bytes), with a fresh sender key and salt. Nothing when
// the keys are malformed or the payload does not fit one record.
std::optional<std::string> encrypt_push_payload(std::string_view plaintext,
                                                std::string_view ua_public,
                                                std::string_view auth_secret);

// The same with the sender's key (raw scalar) and the salt given: RFC 8291's example.
std::optional<std::string> encrypt_push_payload_with(std::string_view plaintext,
                                                     std::string_view ua_public,
                                                     std::string_view auth_secret,
                                                     std::string_view as_private,
                                                     std::string_view salt);

// The browser's half, for tests: the plaintext of `body` for the subscriber's private
// scalar and auth secret; nothing when it does not decrypt.
std::optional<std::string> decrypt_push_payload(std::string_view body, std::string_view ua_private,
                                                std::string_view auth_secret);

}  // namespace banmen::server
