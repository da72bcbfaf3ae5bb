// Which way a join_room takes into the room (docs/protocol.md, "join_room"), as a value: the
// room carries it out (room_members.cpp). No strand, socket or store: tested alone
// (tests/server/admission_test.cpp).
#pragma once

#include <cstddef>

#include "rooms/request.h"
#include "rooms/seating.h"

namespace banmen::server {

enum class JoinPath {
  moved_away,        // the room left for another server just now: reconnect there (4003)
  gone,              // the room is closed: no_such_room
  again,             // already in the room (a join sent twice): answered as before, caught up
  with_token,        // a seat token: the player comes back (or a spectator takes their seat)
  with_device_code,  // a device link's code: a seat moves to this device
  as_guest,          // the second seat is free: it is this connection's once recorded
  no_spectators,     // both seats taken, the room has no spectators: room_full
  spectators_full,   // as many spectators as the room allows: spectators_full
  as_spectator,
};

struct JoinFacts {
  bool closed = false;
  bool moved = false;              // closed because it moved to another server
  const Member* here = nullptr;    // this connection's place in the room, if it has one
  bool guest_seat_free = false;    // the second seat is free and not the computer's
  bool spectators_allowed = true;  // the room's option
  std::size_t spectators = 0;
  std::size_t max_spectators = 0;  // --max-spectators-per-room
};

JoinPath join_path(const JoinRequest& req, const JoinFacts& f);

}  // namespace banmen::server
