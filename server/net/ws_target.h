// The WebSocket upgrade's target: `/ws` alone, or `/ws?room=<id>` naming the one room the
// connection is for (docs/protocol.md, "Connecting"). A load balancer routes by that
// parameter, so the server holds the connection to it (wrong_room otherwise).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace banmen::server {

struct WsTarget {
  std::string room;  // empty: a bare /ws
};

// The parsed target; nullopt when the path is not /ws (404). `malformed` is set (and
// nullopt returned) when the path is /ws but the query is not acceptable (400): a room id
// that is not 1..64 url-safe characters, or named twice. Other parameters are ignored.
std::optional<WsTarget> parse_ws_target(std::string_view target, bool& malformed);

}  // namespace banmen::server
