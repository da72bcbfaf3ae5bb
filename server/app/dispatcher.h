// The first stop of every WebSocket message: parses it, answers what needs no room
// (hello, ping, list_rooms), creates and joins rooms, and hands in-room requests to the
// connection's room.
#pragma once

#include <memory>
#include <string_view>

namespace banmen::server {

struct Hub;
class Peer;

void dispatch_message(Hub& hub, const std::shared_ptr<Peer>& session, std::string_view text);

}  // namespace banmen::server
