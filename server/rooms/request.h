// One in-room request as the room's handlers see it: who sent it (the member and its
// connection), the message itself and its request id. The rules for which requests a
// room takes, and what each needs before its handler runs, are room_requests.h's table.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "protocol/messages.h"
#include "rooms/client.h"
#include "rooms/seating.h"

namespace banmen::server {

// A `move` request's fields, read once by the request table (kWellFormedMove): the move's
// text, the version the sender saw and the sender's id for it (a resend carries the same).
struct MoveFields {
  std::string text;
  std::int64_t version = 0;
  std::string id;
};
inline constexpr std::size_t kMaxMoveText = 32;
inline constexpr std::size_t kMaxMoveId = 64;
// A `move` request's fields, or nothing when one is missing, empty, of the wrong type or
// too long (room_requests.cpp).
std::optional<MoveFields> parse_move_fields(const json& msg);

// A value: a handler may keep a copy for after the store's answer.
struct Request {
  Member& member;  // stays valid: the room holds joins and leaves while a write is under way
  std::shared_ptr<Client> client;
  std::string type;
  json msg;
  json re;  // the request id, null when the message had none
  // Filled by the table for the requests that need a well-formed move.
  std::optional<MoveFields> move = std::nullopt;
};

}  // namespace banmen::server
