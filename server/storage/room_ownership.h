// Room ownership when several servers share one database (docs/architecture.md, "More than
// one machine"): a server keeps a room in memory only while it holds the room's lease, and
// the store refuses (room_fenced) any write of a server that no longer holds it. PgStore
// implements it; the rooms see only this interface, so they never depend on PostgreSQL.
// Every call is a round trip to the database: call them on the registry's worker thread,
// never on an I/O thread.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

namespace banmen::server {

// Error codes of room ownership. Writes refused by the fence come back with room_fenced.
inline constexpr const char* lease_held = "lease_held";    // another server holds the room
inline constexpr const char* lease_lost = "lease_lost";    // another server took it over
inline constexpr const char* room_fenced = "room_fenced";  // a write for a room not held

// What one renewal of every lease learned.
struct LeaseRenewal {
  std::vector<std::string> lost;    // taken over meanwhile: drop them at once
  std::vector<std::string> wanted;  // another server asked for them: hand them over
};

// A public room waiting for a second player, as the shared lobby lists it.
struct WaitingRoom {
  std::string room_id;
  std::string options_json;
  std::string host_name;
  std::int64_t created_ms = 0;
};

class RoomOwnership {
 public:
  virtual ~RoomOwnership() = default;
  // Takes the room (free, released, or its lease run out); lease_held when another server's
  // lease is live. The store's writes for the room are accepted from then on.
  virtual Result<void> take_room(const std::string& room_id) = 0;
  // Lets another server take the room at once. Call after its last write has committed.
  virtual Result<void> let_go(const std::string& room_id) = 0;
  // As let_go(), and forgets the room's ownership row (a room that turned out not to exist).
  virtual Result<void> forget_claim(const std::string& room_id) = 0;
  // Records that this server wants a room another server holds; its owner hands it over at
  // its next renewal.
  virtual Result<void> want_room(const std::string& room_id) = 0;
  // Renews every lease held, in one statement.
  virtual Result<LeaseRenewal> renew_leases() = 0;
  // At start: lets go of every room still recorded under this server's id (a previous life
  // of this server, killed before it could let go).
  virtual Result<int> expire_own_leases() = 0;
  // The shared lobby: public rooms with only their host seated whose lease is live,
  // newest first.
  virtual Result<std::vector<WaitingRoom>> waiting_public_rooms(int limit) = 0;
};

}  // namespace banmen::server
