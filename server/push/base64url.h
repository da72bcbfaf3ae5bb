// base64url without padding (RFC 4648 section 5), the form Web Push keys, subscription keys
// and JWT parts take.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace banmen::server {

std::string base64url_encode(std::string_view bytes);

// Nothing on a character outside the alphabet, on padding, or on a length no encoding has.
std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace banmen::server
