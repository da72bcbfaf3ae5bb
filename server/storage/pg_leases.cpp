// Room ownership on PostgreSQL: one row per room (owner, epoch, lease), taken only when
// free or expired, renewed by its owner, and read by banmen_fence() before every write of
// a server that owns rooms. Expiry is decided by PostgreSQL's clock alone, so the servers'
// clocks never have to agree.
#include <chrono>

#include "storage/pg_store.h"

namespace banmen::server {

using pg::Params;
using pg::Row;

namespace {

Error needs_server_id() {
  return make_error(storage_error, "room ownership needs a server id");
}

// The lease's end, in Unix ms, as the statements below return it.
constexpr const char* kLeaseEnd = "(extract(epoch FROM lease_until) * 1000)::bigint";

std::string lease_ms(std::chrono::milliseconds lease) {
  return std::to_string(lease.count());
}

// A text[] literal of room ids, each quoted (ids come from the server, but quote anyway).
std::string array_literal(const std::vector<std::string>& ids) {
  std::string out = "{";
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i) out += ',';
    out += '"';
    for (char c : ids[i]) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  return out + "}";
}

}  // namespace

std::int64_t PgStore::epoch_of(const std::string& room_id) const {
  std::lock_guard lock(epochs_mu_);
  auto it = epochs_.find(room_id);
  return it == epochs_.end() ? 0 : it->second;
}

Result<pg::Connection*> PgStore::leases_db() {
  if (!lease_conn_) return needs_server_id();
  // PostgreSQL restarted or the connection broke or timed out: a new session, so that
  // leases are renewed again as soon as PostgreSQL is back.
  if (auto r = lease_conn_->ensure(); !r) return r.error();
  return lease_conn_.get();
}

Result<RoomLease> PgStore::acquire(const std::string& room_id) {
  std::lock_guard lock(lease_conn_mu_);
  auto db = leases_db();
  if (!db) return db.error();
  if (const auto held = epoch_of(room_id)) {
    // Already ours: a renewal, so the epoch (and the writes in flight) stay valid.
    auto r = (*db)->query(
        std::string("UPDATE room_owners SET lease_until = clock_timestamp() + $3::bigint * "
                    "interval '1 millisecond' WHERE room_id = $1 AND owner = $2 AND epoch = "
                    "$4::bigint RETURNING epoch, ") +
            kLeaseEnd,
        Params().add(room_id).add(options_.server_id).add(lease_ms(options_.lease)).add(held));
    if (!r) return r.error();
    if (PQntuples(r->get()) == 1)
      return RoomLease{room_id, Row(r->get(), 0).int64(0), Row(r->get(), 0).int64(1)};
    std::lock_guard epochs(epochs_mu_);
    epochs_.erase(room_id);  // lost meanwhile: try to take it like anyone else
  }
  // A new room's row, or a takeover of an expired lease (the epoch goes up by one); a
  // lease still running is left alone and nothing comes back.
  auto r = (*db)->query(
      std::string("INSERT INTO room_owners AS o (room_id, owner, epoch, lease_until) "
                  "VALUES ($1, $2, 1, clock_timestamp() + $3::bigint * interval '1 millisecond') "
                  "ON CONFLICT (room_id) DO UPDATE SET owner = excluded.owner, "
                  "epoch = o.epoch + 1, lease_until = excluded.lease_until, wanted_by = NULL, "
                  "wanted_at = NULL "
                  "WHERE o.lease_until < clock_timestamp() RETURNING epoch, ") +
          kLeaseEnd,
      Params().add(room_id).add(options_.server_id).add(lease_ms(options_.lease)));
  if (!r) return r.error();
  if (PQntuples(r->get()) != 1)
    return make_error(lease_held, "room " + room_id + " is held by another server");
  RoomLease lease{room_id, Row(r->get(), 0).int64(0), Row(r->get(), 0).int64(1)};
  std::lock_guard epochs(epochs_mu_);
  epochs_[room_id] = lease.epoch;
  return lease;
}

Result<RoomLease> PgStore::renew(const std::string& room_id) {
  std::lock_guard lock(lease_conn_mu_);
  auto db = leases_db();
  if (!db) return db.error();
  const auto held = epoch_of(room_id);
  if (!held) return make_error(lease_lost, "room " + room_id + " is not held");
  auto r = (*db)->query(
      std::string("UPDATE room_owners SET lease_until = clock_timestamp() + $3::bigint * "
                  "interval '1 millisecond' WHERE room_id = $1 AND owner = $2 AND epoch = "
                  "$4::bigint RETURNING epoch, ") +
          kLeaseEnd,
      Params().add(room_id).add(options_.server_id).add(lease_ms(options_.lease)).add(held));
  if (!r) return r.error();
  if (PQntuples(r->get()) != 1) {
    std::lock_guard epochs(epochs_mu_);
    if (auto it = epochs_.find(room_id); it != epochs_.end() && it->second == held)
      epochs_.erase(it);
    return make_error(lease_lost, "room " + room_id + " was taken over by another server");
  }
  return RoomLease{room_id, Row(r->get(), 0).int64(0), Row(r->get(), 0).int64(1)};
}

Result<std::vector<std::string>> PgStore::renew_all() {
  auto renewal = renew_leases();
  if (!renewal) return renewal.error();
  return std::move(renewal->lost);
}

Result<LeaseRenewal> PgStore::renew_leases() {
  std::lock_guard lock(lease_conn_mu_);
  LeaseRenewal out;
  std::vector<std::string> ids;
  {
    std::lock_guard epochs(epochs_mu_);
    for (const auto& [id, epoch] : epochs_) ids.push_back(id);
  }
  auto db = leases_db();
  if (!db) return db.error();
  if (ids.empty()) {
    // Nothing to renew, but the connection is still tried: a server holding no room knows
    // (and /readyz says) when PostgreSQL is away, since it could take none either.
    if (auto alive = (*db)->exec("SELECT 1"); !alive) return alive.error();
    return out;
  }
  // Only the rooms held, at the epochs held: a row of this server's id at another epoch
  // (from before a restart) is not kept alive. A room another server asked for within the
  // last lease comes back as wanted.
  auto r = (*db)->query(
      "UPDATE room_owners SET lease_until = clock_timestamp() + $3::bigint * "
      "interval '1 millisecond' WHERE owner = $2 AND room_id = ANY ($1::text[]) "
      "RETURNING room_id, epoch, (wanted_by IS NOT NULL AND wanted_by <> owner AND wanted_at > "
      "clock_timestamp() - $3::bigint * interval '1 millisecond')",
      Params().add(array_literal(ids)).add(options_.server_id).add(lease_ms(options_.lease)));
  if (!r) return r.error();
  std::unordered_map<std::string, std::int64_t> renewed;
  for (int i = 0; i < PQntuples(r->get()); ++i) {
    const Row row(r->get(), i);
    renewed[row.text(0)] = row.int64(1);
    if (row.boolean(2)) out.wanted.push_back(row.text(0));
  }
  // The map changes only under lease_conn_mu_ (held here) but is read by submit().
  std::lock_guard epochs(epochs_mu_);
  for (auto it = epochs_.begin(); it != epochs_.end();) {
    auto got = renewed.find(it->first);
    if (got == renewed.end() || got->second != it->second) {
      out.lost.push_back(it->first);
      it = epochs_.erase(it);
    } else {
      ++it;
    }
  }
  std::erase_if(out.wanted, [&](const std::string& id) { return !epochs_.count(id); });
  return out;
}

Result<void> PgStore::release(const std::string& room_id) {
  if (!lease_conn_) return needs_server_id();
  std::lock_guard lock(lease_conn_mu_);
  std::int64_t held = 0;
  {
    // Forgotten here whatever PostgreSQL answers: the room's writes are over, and a lease
    // not let go runs out by itself.
    std::lock_guard epochs(epochs_mu_);
    auto it = epochs_.find(room_id);
    if (it == epochs_.end()) return ok();
    held = it->second;
    epochs_.erase(it);
  }
  auto db = leases_db();
  if (!db) return db.error();
  auto r = (*db)->query(
      "UPDATE room_owners SET lease_until = '-infinity' WHERE room_id = $1 AND owner = $2 "
      "AND epoch = $3::bigint",
      Params().add(room_id).add(options_.server_id).add(held));
  if (!r) return r.error();
  return ok();
}

}  // namespace banmen::server
