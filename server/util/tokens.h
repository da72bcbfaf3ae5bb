// Secrets and identifiers: random URL-safe strings from the operating system's CSPRNG, and
// the SHA-256 used so that seat tokens are stored and compared only as hashes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "util/constant_time.h"  // equal_constant_time, for the hashes made here

namespace banmen::server {

// `bytes` random bytes, base64url without padding (16 bytes -> 22 characters).
std::string random_urlsafe(std::size_t bytes);

// Room ids: 128 random bits, 22 URL-safe characters.
inline std::string new_room_id() {
  return random_urlsafe(16);
}
// Seat tokens: 256 random bits, 43 URL-safe characters.
inline std::string new_token() {
  return random_urlsafe(32);
}

// Lower-case hex SHA-256 of `text`.
std::string sha256_hex(std::string_view text);

// True when `s` looks like one of our ids (only base64url characters, length in range).
bool is_urlsafe_id(std::string_view s, std::size_t min_len, std::size_t max_len);

}  // namespace banmen::server
