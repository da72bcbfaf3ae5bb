// The first stop of every WebSocket message: the table of requests outside a room
// (app/lobby_requests.h) reads it into a typed request or refuses it; the handlers here
// answer what needs no room (hello, ping, check_variant, list_rooms), create, join and
// leave rooms, and hand in-room requests to the connection's room.
#pragma once

#include <memory>
#include <string_view>

namespace banmen::server {

struct Hub;
class Peer;

void dispatch_message(Hub& hub, const std::shared_ptr<Peer>& session, std::string_view text);

// Makes the games `welcome` lists (made once, as the first hello would): called before the
// server is ready, so no connection waits for it.
void prepare_welcome();

}  // namespace banmen::server
