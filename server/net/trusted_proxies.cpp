#include "net/trusted_proxies.h"

#include <charconv>

namespace banmen::server {

namespace ip = boost::asio::ip;

namespace {
constexpr std::size_t kMaxEntries = 64;
constexpr std::size_t kMaxHops = 32;  // X-Forwarded-For entries looked at, from the right

std::array<unsigned char, 16> as_v6_bytes(const ip::address& a) {
  if (a.is_v4()) return ip::make_address_v6(ip::v4_mapped, a.to_v4()).to_bytes();
  return a.to_v6().to_bytes();
}

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
  TrustedProxies t;
  if (entries.size() > kMaxEntries) {
    error = "at most " + std::to_string(kMaxEntries) + " trusted proxy ranges";
    return std::nullopt;
  }
  for (const auto& raw : entries) {
    std::string_view e = trim_blanks(raw);
    if (e.empty()) continue;
    auto slash = e.find('/');
    boost::system::error_code ec;
    auto a = ip::make_address(std::string(e.substr(0, slash)), ec);
    if (ec) {
      error = "not an IP address or CIDR range: '" + raw + "'";
      return std::nullopt;
    }
    const int bits = a.is_v4() ? 32 : 128;
    int prefix = bits;
    if (slash != std::string_view::npos) {
      auto len = e.substr(slash + 1);
      auto [end, err] = std::from_chars(len.data(), len.data() + len.size(), prefix);
      if (err != std::errc{} || end != len.data() + len.size() || prefix < 0 || prefix > bits) {
        error = "bad prefix length in '" + raw + "'";
        return std::nullopt;
      }
    }
    Range r{as_v6_bytes(a), prefix + (a.is_v4() ? 96 : 0)};
    t.ranges_.push_back(r);
  }
  return t;
}

TrustedProxies TrustedProxies::from_config(const std::vector<std::string>& entries) {
  std::string error;
  return parse(entries, error).value_or(TrustedProxies{});
}

bool TrustedProxies::contains(const ip::address& a) const {
  const auto bytes = as_v6_bytes(a);
  for (const auto& r : ranges_) {
    bool match = true;
    for (int bit = 0; bit < r.prefix && match; bit += 8) {
      const int n = std::min(8, r.prefix - bit);
      const auto mask = static_cast<unsigned char>(0xff << (8 - n));
      match = (bytes[bit / 8] & mask) == (r.base[bit / 8] & mask);
    }
    if (match) return true;
  }
  return false;
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
