// Moving a seat to another device (a phone, say): the player asks for a one-time code
// (device_link), the other device joins with it (join_room's device_code) within ten
// minutes and receives a fresh seat token. The code is spent at its first use, right or
// wrong device; the old token then no longer opens the seat and the old connection, if
// still there, is told "replaced". Only the code's hash is kept, in memory.
#include <spdlog/spdlog.h>

#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {

void Room::on_device_link(const Request& r) {
  const int p = r.member.player;
  const std::string code = new_token();
  // Made when first asked for: most rooms never move a seat.
  if (!device_links_) device_links_ = std::make_unique<DeviceLinks>();
  device_links_->issue(p, code, steady_ms());
  reply(*r.client,
        json{{"type", "device_link"}, {"code", code}, {"expires_in_ms", DeviceLinks::kLifetimeMs}},
        r.re);
  spdlog::info("room {} player {} asked for a device link", id_, p);
}

void Room::join_with_device_code(const ClientPtr& client, const JoinRequest& req, const json& re,
                                 bool was_member) {
  const int p = device_links_ ? device_links_->redeem(*req.device_code, steady_ms()) : -1;
  if (p < 0) {
    refuse(*client, re, errc::bad_device_link, "this device link was used or has expired");
    if (!was_member) client->left_room(this);
    return;
  }
  // The seat's token changes: recorded first, so a restart knows only the new one.
  const std::string secret = new_token();
  StoredSeat seat{id_, {p, seating_.player(p).name, sha256_hex(secret)}};
  store_then(std::move(seat),
             [this, client, req, re, p, secret, was_member](const Result<void>& stored) {
               if (!store_ok(stored, client.get(), re)) {
                 if (!was_member) client->left_room(this);
                 return;
               }
               seating_.player(p).token_hash = sha256_hex(secret);
               spdlog::info("room {} player {} moved to conn {} by a device link", id_, p,
                            client->client_id());
               take_seat(client, req, re, p, was_member, secret);
             });
}

}  // namespace banmen::server
