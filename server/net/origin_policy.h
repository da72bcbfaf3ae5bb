// Which browser pages may open a WebSocket to us. A browser always sends Origin; other
// clients (tests, tools) send none and are allowed, since Origin protects browsers'
// users from other sites, not the server from scripts.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace banmen::server {

// `allowed` empty: only an origin whose host[:port] equals the request's Host header.
// An entry "*" allows every origin; other entries are exact origins
// ("https://banmen.example").
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed);

}  // namespace banmen::server
