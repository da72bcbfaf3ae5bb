// Comparing secrets (seat tokens' hashes) without the time taken telling how much matched:
// OpenSSL's CRYPTO_memcmp, which compilers are kept from turning back into an early exit.
// Header-only so the record exports, a library of their own, use the same one.
#pragma once

#include <openssl/crypto.h>

#include <string_view>

namespace banmen::server {

// Equal sizes and equal bytes. The size is no secret (every hash has the same one); the
// bytes are compared in time that depends on the size only.
inline bool equal_constant_time(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  return a.empty() || CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace banmen::server
