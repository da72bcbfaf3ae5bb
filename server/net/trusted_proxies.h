// Which peers are reverse proxies we believe (--trusted-proxies), and the client address a
// request stands for: the peer itself, unless the peer is trusted, in which case the
// rightmost X-Forwarded-For entry that is not itself a trusted proxy. Every per-address
// limit and every log line uses that address.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/ip/address.hpp>

#include "util/ip_ranges.h"

namespace banmen::server {

class TrustedProxies {
 public:
  TrustedProxies() = default;  // trusts nobody
  // Parses "CIDR[,CIDR...]" entries (IPv4 or IPv6; a bare address is a /32 or /128).
  // nullopt and `error` set on a malformed entry.
  static std::optional<TrustedProxies> parse(const std::vector<std::string>& entries,
                                             std::string& error);

  // The ranges of a config already checked by parse(); none if they do not parse.
  static TrustedProxies from_config(const std::vector<std::string>& entries);

  bool empty() const { return ranges_.empty(); }
  bool contains(const boost::asio::ip::address& a) const { return ranges_.contains(a); }
  // The client's address for a request from `peer` carrying `forwarded_for` (the
  // X-Forwarded-For values, comma-separated; empty when absent).
  boost::asio::ip::address client_address(const boost::asio::ip::address& peer,
                                          std::string_view forwarded_for) const;

 private:
  explicit TrustedProxies(IpRanges ranges) : ranges_(std::move(ranges)) {}
  IpRanges ranges_;
};

}  // namespace banmen::server
