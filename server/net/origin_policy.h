// Which browser pages may open a WebSocket to us. A browser always sends Origin; other
// clients (tests, tools) send none and are allowed, since Origin protects browsers'
// users from other sites, not the server from scripts.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace banmen::server {

// `allowed` empty: only the server's own origin, `scheme`://Host (scheme: "http" on a
// direct connection, a trusted proxy's X-Forwarded-Proto otherwise), so an https page is
// not taken for the http site of the same host, nor the reverse. An entry "*" allows
// every origin; other entries are exact origins, scheme included ("https://banmen.example").
bool origin_allowed(std::string_view origin, std::string_view host, std::string_view scheme,
                    const std::vector<std::string>& allowed);

}  // namespace banmen::server
