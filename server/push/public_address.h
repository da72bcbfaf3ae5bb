// Whether the server may send a push message to an address: a subscription's endpoint is
// chosen by whoever holds a seat token, so without this check a player could make the
// server POST to a service on its own network (loopback, private and link-local ranges,
// whatever a host name resolves to). Push services are on the public Internet.
#pragma once

#include <boost/asio/ip/address.hpp>

namespace banmen::server {

// False for loopback, unspecified, private (10/8, 172.16/12, 192.168/16, fc00::/7),
// shared (100.64/10), link-local (169.254/16, fe80::/10), benchmarking (198.18/15),
// IETF (192.0.0/24), multicast and reserved addresses, and IPv4-mapped forms of them.
bool is_public_address(const boost::asio::ip::address& address);

}  // namespace banmen::server
