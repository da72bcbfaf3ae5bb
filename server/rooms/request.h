// One in-room request as the room's handlers see it: who sent it (the member and its
// connection), the message itself and its request id. The rules for which requests a
// room takes, and what each needs before its handler runs, are room_requests.h's table.
#pragma once

#include <memory>
#include <string>

#include "protocol/messages.h"
#include "rooms/client.h"
#include "rooms/seating.h"

namespace banmen::server {

// A value: a handler may keep a copy for after the store's answer.
struct Request {
  Member& member;  // stays valid: the room holds joins and leaves while a write is under way
  std::shared_ptr<Client> client;
  std::string type;
  json msg;
  json re;  // the request id, null when the message had none
};

}  // namespace banmen::server
