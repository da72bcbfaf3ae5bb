#include "push/public_address.h"

namespace banmen::server {

namespace {

bool is_public_v4(const boost::asio::ip::address_v4& v4) {
  const auto b = v4.to_bytes();
  if (b[0] == 0 || b[0] == 10 || b[0] == 127 || b[0] >= 224) return false;
  if (b[0] == 100 && (b[1] & 0xC0) == 64) return false;
  if (b[0] == 169 && b[1] == 254) return false;
  if (b[0] == 172 && (b[1] & 0xF0) == 16) return false;
  if (b[0] == 192 && b[1] == 168) return false;
  if (b[0] == 192 && b[1] == 0 && b[2] == 0) return false;
  if (b[0] == 198 && (b[1] & 0xFE) == 18) return false;
  return true;
}

}  // namespace

bool is_public_address(const boost::asio::ip::address& address) {
  if (address.is_v4()) return is_public_v4(address.to_v4());
  const auto v6 = address.to_v6();
  if (v6.is_v4_mapped())
    return is_public_v4(boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6));
  if (v6.is_loopback() || v6.is_unspecified() || v6.is_link_local() || v6.is_site_local() ||
      v6.is_multicast())
    return false;
  return (v6.to_bytes()[0] & 0xFE) != 0xFC;  // fc00::/7, unique local
}

}  // namespace banmen::server
