#include "net/origin_policy.h"

namespace banmen::server {

bool origin_allowed(std::string_view origin, std::string_view host, std::string_view scheme,
                    const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;
  for (const auto& a : allowed)
    if (a == "*" || a == origin) return true;
  if (!allowed.empty()) return false;
  auto sep = origin.find("://");
  if (sep == std::string_view::npos || host.empty()) return false;
  return origin.substr(0, sep) == scheme && origin.substr(sep + 3) == host;
}

}  // namespace banmen::server
