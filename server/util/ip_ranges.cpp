#include "util/ip_ranges.h"

#include <algorithm>
#include <charconv>

namespace banmen::server {

namespace ip = boost::asio::ip;

namespace {
constexpr std::size_t kMaxRanges = 64;

std::array<unsigned char, 16> v6_bytes(const ip::address& a) {
  if (a.is_v4()) return ip::make_address_v6(ip::v4_mapped, a.to_v4()).to_bytes();
  return a.to_v6().to_bytes();
}

std::string_view without_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}
}  // namespace

std::optional<IpRanges> IpRanges::parse(const std::vector<std::string>& entries,
                                        std::string& error) {
  IpRanges t;
  if (entries.size() > kMaxRanges) {
    error = "at most " + std::to_string(kMaxRanges) + " trusted proxy ranges";
    return std::nullopt;
  }
  for (const auto& raw : entries) {
    std::string_view e = without_blanks(raw);
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
    t.ranges_.push_back(Range{v6_bytes(a), prefix + (a.is_v4() ? 96 : 0)});
  }
  return t;
}

bool IpRanges::contains(const ip::address& a) const {
  const auto bytes = v6_bytes(a);
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

}  // namespace banmen::server
