#include "net/trusted_proxies.h"

namespace banmen::server {

namespace ip = boost::asio::ip;

namespace {
constexpr std::size_t kMaxHops = 32;  // X-Forwarded-For entries looked at, from the right

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// One X-Forwarded-For entry: an address, an IPv6 one possibly in brackets.
std::optional<ip::address> parse_hop(std::string_view s) {
  s = trim_blanks(s);
  if (s.size() > 2 && s.front() == '[') {
    auto close = s.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    s = s.substr(1, close - 1);
  }
  boost::system::error_code ec;
  auto a = ip::make_address(std::string(s), ec);
  if (ec) return std::nullopt;
  // An IPv4-mapped IPv6 address is the IPv4 client it maps.
  if (a.is_v6() && a.to_v6().is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, a.to_v6());
  return a;
}
}  // namespace

std::optional<TrustedProxies> TrustedProxies::parse(const std::vector<std::string>& entries,
                                                    std::string& error) {
  auto ranges = IpRanges::parse(entries, error);
  if (!ranges) return std::nullopt;
  return TrustedProxies(std::move(*ranges));
}

TrustedProxies TrustedProxies::from_config(const std::vector<std::string>& entries) {
  std::string error;
  return parse(entries, error).value_or(TrustedProxies{});
}

ip::address TrustedProxies::client_address(const ip::address& peer,
                                           std::string_view forwarded_for) const {
  if (ranges_.empty() || !contains(peer)) return peer;
  ip::address client = peer;
  std::size_t hops = 0;
  while (!forwarded_for.empty() && hops++ < kMaxHops) {
    auto comma = forwarded_for.rfind(',');
    auto entry = comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
    forwarded_for =
        comma == std::string_view::npos ? std::string_view{} : forwarded_for.substr(0, comma);
    auto hop = parse_hop(entry);
    if (!hop) break;  // garbage: the last hop we could read stands for the client
    client = *hop;
    if (!contains(client)) break;
  }
  return client;
}

}  // namespace banmen::server
