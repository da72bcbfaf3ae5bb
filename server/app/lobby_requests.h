// The requests outside a room (hello ... leave_room) as a table, like the room's own
// (rooms/room_requests.h): each type, what the table checks before its fields, and the
// parser that reads its fields once into a typed request. A malformed message is answered
// by the table with its code; the dispatcher's handlers get typed requests only. A type
// of the room's table goes, with its line found (Room::find_request), to the connection's
// room, whose table reads its fields at their place among its checks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/result.h"
#include "protocol/messages.h"
#include "rooms/request.h"
#include "rooms/room_options.h"

namespace banmen::server {

// The protocol version the client asked for; none: it named none.
struct Hello {
  std::optional<std::int64_t> protocol;
};
struct Ping {};
// A fairy-chess definition to check without creating anything.
struct CheckVariant {
  std::string variant;
  std::string variant_name;
};
struct ListRooms {};
struct CreateRoom {
  RoomOptions options;
  std::string name;  // plain text (checked), "" when none was given
};
// The room's id, the name, token, device code and last event seen (rooms/request.h).
using JoinRoom = JoinRequest;
struct LeaveRoom {};
// A request of the room's own table, read (or refused) by its line there.
struct InRoom {
  RoomRequest request;
};

using LobbyRequest =
    std::variant<Hello, Ping, CheckVariant, ListRooms, CreateRoom, JoinRoom, LeaveRoom, InRoom>;

// The table's reading of one message.
struct ParsedRequest {
  json re;  // the request id, null when the message had none (or is not a JSON object)
  // create_room, join_room and leave_room count as a choice of room once their name (if
  // any) is plain text, even when a later field is refused: a join still waiting for its
  // room to load gives way to any later choice (app/peer.h).
  bool room_choice = false;
  // The typed request, or the refusal to answer with (bad_request, bad_name, bad_token,
  // unknown_type, and create_room's option errors).
  Result<LobbyRequest> request;
};

ParsedRequest parse_request(std::string_view text);

}  // namespace banmen::server
