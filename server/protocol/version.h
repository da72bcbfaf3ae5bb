// Which protocol and which server this is: the welcome message says both, and every HTTP
// and WebSocket answer names the server.
#pragma once

namespace banmen::server {

// The newest protocol this server speaks, and the oldest it still answers in its own terms
// (docs/protocol.md, "Versions").
inline constexpr int kProtocolVersion = 2;
inline constexpr int kOldestProtocolVersion = 1;
inline constexpr const char* kServerVersion = "banmen/" BANMEN_VERSION;

}  // namespace banmen::server
