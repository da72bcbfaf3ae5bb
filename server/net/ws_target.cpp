#include "net/ws_target.h"

#include "util/tokens.h"

namespace banmen::server {

std::optional<WsTarget> parse_ws_target(std::string_view target, bool& malformed) {
  malformed = false;
  if (target == "/ws") return WsTarget{};
  if (!target.starts_with("/ws?")) return std::nullopt;
  std::string_view query = target.substr(4);
  WsTarget out;
  bool named = false;
  while (true) {
    const auto amp = query.find('&');
    const auto part = query.substr(0, amp);
    if (part.starts_with("room=")) {
      const auto id = part.substr(5);
      // Ids are url-safe, so a percent-encoded one is malformed too.
      if (named || !is_urlsafe_id(id, 1, 64)) {
        malformed = true;
        return std::nullopt;
      }
      out.room = std::string(id);
      named = true;
    } else if (part == "room") {
      malformed = true;
      return std::nullopt;
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return out;
}

}  // namespace banmen::server
