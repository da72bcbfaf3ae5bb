#include "rooms/device_links.h"

#include "util/tokens.h"

namespace banmen::server {

void DeviceLinks::issue(int player, std::string_view code, std::int64_t now_ms) {
  links_[player] = Link{sha256_hex(code), now_ms + kLifetimeMs};
}

int DeviceLinks::redeem(std::string_view code, std::int64_t now_ms) {
  if (code.empty() || code.size() > kMaxCode) return -1;
  const std::string hash = sha256_hex(code);
  int player = -1;
  for (int i = 0; i < 2; ++i) {
    auto& link = links_[i];
    if (link && equal_constant_time(link->code_hash, hash)) {
      if (now_ms < link->expires_ms) player = i;
      link.reset();  // single use; an expired one goes too
    }
  }
  return player;
}

}  // namespace banmen::server
