// Each player's unspent device link (docs/protocol.md, `device_link`): a one-time code that
// moves the seat to another device within ten minutes. Only the code's hash is kept, in
// memory: a restart voids the links. A code is spent at its first use, right or late.
// No strand, socket or store here (tests/server/device_links_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace banmen::server {

class DeviceLinks {
 public:
  static constexpr std::int64_t kLifetimeMs = 10 * 60 * 1000;
  static constexpr std::size_t kMaxCode = 64;

  // Player `player`'s new code `code` (a fresh token), usable until `now_ms` + kLifetimeMs
  // (steady ms). It replaces the player's previous code, which stops working at once.
  void issue(int player, std::string_view code, std::int64_t now_ms);
  // Spends `code` at `now_ms`: the player whose seat it opens, or -1 (unknown, used,
  // expired, or too long to be one). A matching code is spent even when it has expired.
  int redeem(std::string_view code, std::int64_t now_ms);

 private:
  struct Link {
    std::string code_hash;
    std::int64_t expires_ms = 0;  // steady clock
  };
  std::optional<Link> links_[2];
};

}  // namespace banmen::server
