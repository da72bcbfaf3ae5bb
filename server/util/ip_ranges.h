// A set of IP address ranges written as CIDR ("10.0.0.0/8", "::1"; a bare address is a /32
// or /128), and whether an address falls in one. Plain data: the configuration checks its
// flags with it, the network layer decides with it whom it trusts.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/ip/address.hpp>

namespace banmen::server {

class IpRanges {
 public:
  IpRanges() = default;  // no range: contains nothing
  // Parses "CIDR" entries (IPv4 or IPv6; blank entries are skipped). nullopt and `error`
  // set on a malformed entry or on more entries than are allowed.
  static std::optional<IpRanges> parse(const std::vector<std::string>& entries, std::string& error);

  bool empty() const { return ranges_.empty(); }
  bool contains(const boost::asio::ip::address& a) const;

 private:
  struct Range {
    std::array<unsigned char, 16> base{};  // IPv4 as IPv4-mapped IPv6
    int prefix = 0;                        // of the 128 bits
  };
  std::vector<Range> ranges_;
};

}  // namespace banmen::server
