// The table of requests outside a room: each type's needs and its parser. The shared
// checks run first, in this order (the name, then counting the choice of room), then the
// type's own fields.
#include "app/lobby_requests.h"

#include <algorithm>
#include <array>

#include "core/unicode_text.h"
#include "protocol/error_codes.h"
#include "rooms/room.h"

namespace banmen::server {

namespace {

// What the table checks before a type's own fields.
enum LobbyNeeds : unsigned {
  kNoShared = 0,
  // A name is shown to others and written into records: it must say what it shows.
  kPlainName = 1 << 0,
  kRoomChoice = 1 << 1,  // counts as a choice of room (ParsedRequest::room_choice)
};

Error bad_request(std::string message) {
  return make_error(errc::bad_request, std::move(message));
}

Result<LobbyRequest> parse_hello(const json& msg) {
  // Without a version the connection speaks the oldest (the handler decides).
  if (!msg.contains("protocol")) return LobbyRequest{Hello{}};
  auto asked = get_int(msg, "protocol");
  if (!asked || *asked < 1) return bad_request("protocol is a version number");
  return LobbyRequest{Hello{*asked}};
}

Result<LobbyRequest> parse_ping(const json&) {
  return LobbyRequest{Ping{}};
}

Result<LobbyRequest> parse_check_variant(const json& msg) {
  auto variant = get_string(msg, "variant");
  auto name = get_string(msg, "variant_name");
  if (!variant || (msg.contains("variant_name") && !name))
    return bad_request("check_variant needs variant (and variant_name) as text");
  return LobbyRequest{CheckVariant{std::move(*variant), name.value_or("")}};
}

Result<LobbyRequest> parse_list_rooms(const json&) {
  return LobbyRequest{ListRooms{}};
}

Result<LobbyRequest> parse_create_room(const json& msg) {
  auto options = parse_room_options(msg);
  if (!options) return options.error();
  return LobbyRequest{CreateRoom{std::move(options.value()), get_string(msg, "name").value_or("")}};
}

Result<LobbyRequest> parse_join_room(const json& msg) {
  auto join = read_join_request(msg);
  if (!join) return join.error();
  return LobbyRequest{std::move(join.value())};
}

Result<LobbyRequest> parse_leave_room(const json&) {
  return LobbyRequest{LeaveRoom{}};
}

struct Route {
  std::string_view type;
  unsigned needs;
  Result<LobbyRequest> (*parse)(const json& msg);
};

const Route* find_route(std::string_view type) {
  static constexpr std::array<Route, 7> kRoutes{{
      {"hello", kNoShared, parse_hello},
      {"ping", kNoShared, parse_ping},
      // Checked like create_room's custom game, but nothing is created: the host's form
      // asks as they type (the rate limit and the message size bound it).
      {"check_variant", kNoShared, parse_check_variant},
      {"list_rooms", kNoShared, parse_list_rooms},
      {"create_room", kPlainName | kRoomChoice, parse_create_room},
      {"join_room", kPlainName | kRoomChoice, parse_join_room},
      {"leave_room", kRoomChoice, parse_leave_room},
  }};
  auto it =
      std::find_if(kRoutes.begin(), kRoutes.end(), [&](const Route& r) { return r.type == type; });
  return it == kRoutes.end() ? nullptr : &*it;
}

ParsedRequest refused(json re, Error error, bool room_choice = false) {
  return ParsedRequest{std::move(re), room_choice, std::move(error)};
}

}  // namespace

ParsedRequest parse_request(std::string_view text) {
  json msg = json::parse(text, nullptr, false);
  if (msg.is_discarded() || !msg.is_object())
    return refused(nullptr, bad_request("messages are JSON objects"));
  json re = request_id(msg);
  auto type = get_string(msg, "type");
  if (!type) return refused(std::move(re), bad_request("type is required"));
  const Route* route = find_route(*type);
  if (!route) {
    if (auto in_room = Room::find_request(*type, std::move(msg)))
      return ParsedRequest{std::move(re), false, LobbyRequest{InRoom{std::move(*in_room)}}};
    return refused(std::move(re), make_error(errc::unknown_type, "unknown message type"));
  }
  if ((route->needs & kPlainName) && msg.contains("name")) {
    auto name = get_string(msg, "name");
    if (!name || !is_plain_text(*name))
      return refused(std::move(re),
                     make_error(errc::bad_name,
                                "a name is text without line breaks, control, direction or "
                                "zero-width characters"));
  }
  const bool choice = (route->needs & kRoomChoice) != 0;
  auto request = route->parse(msg);
  if (!request) return refused(std::move(re), request.error(), choice);
  return ParsedRequest{std::move(re), choice, std::move(request)};
}

}  // namespace banmen::server
