// PgStore as the rooms' RoomOwnership (storage/room_ownership.h): the lease calls of
// pg_leases.cpp as the rooms use them, the handover's "wanted" mark, a restart's own
// leases and the shared lobby's one read. All on the lease connection.
#include <cstdlib>

#include "storage/pg_store.h"

namespace banmen::server {

using pg::Params;
using pg::Row;

namespace {
Error ownership_needs_server_id() {
  return make_error(storage_error, "room ownership needs a server id");
}
}  // namespace

Result<void> PgStore::take_room(const std::string& room_id) {
  auto lease = acquire(room_id);
  if (!lease) return lease.error();
  return ok();
}

Result<void> PgStore::forget_claim(const std::string& room_id) {
  if (!lease_conn_) return ownership_needs_server_id();
  std::lock_guard lock(lease_conn_mu_);
  std::int64_t held = 0;
  {
    std::lock_guard epochs(epochs_mu_);
    auto it = epochs_.find(room_id);
    if (it == epochs_.end()) return ok();
    held = it->second;
    epochs_.erase(it);
  }
  auto db = leases_db();
  if (!db) return db.error();
  auto r = (*db)->query(
      "DELETE FROM room_owners WHERE room_id = $1 AND owner = $2 AND epoch = $3::bigint",
      Params().add(room_id).add(options_.server_id).add(held));
  if (!r) return r.error();
  return ok();
}

Result<void> PgStore::want_room(const std::string& room_id) {
  std::lock_guard lock(lease_conn_mu_);
  auto db = leases_db();
  if (!db) return db.error();
  auto r = (*db)->query(
      "UPDATE room_owners SET wanted_by = $2, wanted_at = clock_timestamp() "
      "WHERE room_id = $1 AND owner <> $2",
      Params().add(room_id).add(options_.server_id));
  if (!r) return r.error();
  return ok();
}

Result<int> PgStore::expire_own_leases() {
  std::lock_guard lock(lease_conn_mu_);
  auto db = leases_db();
  if (!db) return db.error();
  {
    std::lock_guard epochs(epochs_mu_);
    epochs_.clear();
  }
  auto r = (*db)->query(
      "UPDATE room_owners SET lease_until = '-infinity' WHERE owner = $1 AND lease_until > "
      "'-infinity'",
      Params().add(options_.server_id));
  if (!r) return r.error();
  return std::atoi(PQcmdTuples(r->get()));
}

Result<std::vector<WaitingRoom>> PgStore::waiting_public_rooms(int limit) {
  std::lock_guard lock(lease_conn_mu_);
  auto db = leases_db();
  if (!db) return db.error();
  // From the live leases (the rooms some server holds now: few) to their rooms.
  auto r = (*db)->query(
      "SELECT r.room_id, r.options_json, r.created_ms, p.name FROM room_owners o "
      "JOIN rooms r ON r.room_id = o.room_id "
      "JOIN players p ON p.room_id = r.room_id AND p.player = 0 "
      "WHERE o.lease_until > clock_timestamp() AND r.closed_ms IS NULL "
      "AND (r.options_json::jsonb ->> 'public') = 'true' "
      "AND NOT EXISTS (SELECT 1 FROM players q WHERE q.room_id = r.room_id AND q.player = 1) "
      "ORDER BY r.created_ms DESC LIMIT $1::int",
      Params().add(std::to_string(limit)));
  if (!r) return r.error();
  std::vector<WaitingRoom> rooms;
  for (int i = 0; i < PQntuples(r->get()); ++i) {
    const Row row(r->get(), i);
    rooms.push_back(WaitingRoom{row.text(0), row.text(1), row.text(3), row.int64(2)});
  }
  return rooms;
}

}  // namespace banmen::server
