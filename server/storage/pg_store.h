// The store for more than one server: PostgreSQL (libpq), behind the same Store interface.
//
// Durability. A write's caller hears of it only after its transaction has committed with
// synchronous_commit = on (set for the writer's session whenever the server's own setting
// is weaker): PostgreSQL has flushed the commit to its write-ahead log on disk, and, when
// the operator configured synchronous standbys, a standby has too. An acknowledged move
// survives a crash of banmen-server, of PostgreSQL, and of the machine. A stronger setting
// the server already has (remote_apply) is kept.
//
// Group commit, as SqliteStore: submit() queues the write for the store's committer
// thread, which commits everything queued in one transaction (one WAL flush for the moves
// of many rooms). The batch is sent in pipeline mode, without waiting for each statement's
// answer, so a batch costs about one round trip whatever its size. A write refused on its
// own (a move out of sequence, a result for a game already over: the statements find no
// row to change) never disturbs its batch. A write that fails with an error (a duplicate
// room, a seat for an unknown room) aborts the pipelined transaction; the batch is then
// committed again one write at a time, each inside a SAVEPOINT, so only that write is
// refused and the others are stored.
//
// Rooms owned by one server at a time (pg_leases.cpp), when several servers share the
// database: with a server id, the store writes only for rooms it holds a lease on, and
// every write carries the epoch of that lease; a write whose epoch is no longer the room's
// (another server took the room over after the lease ran out) is refused (fencing), so a
// paused or cut-off server can never write to a room it lost. Without a server id (one
// server), nothing is fenced.
//
// Threads. Only the committer writes, on its own connection; reads (restarts, listings,
// exports) use a second connection, each in one REPEATABLE READ snapshot.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "storage/group_committer.h"
#include "storage/pg_conn.h"
#include "storage/room_ownership.h"
#include "storage/series_reads.h"
#include "storage/store.h"

namespace banmen::server {

struct PgOptions {
  std::string url;  // libpq connection string or postgresql://user@host:port/db URI
  // Writes sent in one pipeline before waiting for their answers; a batch larger than this
  // is sent in several pipelines of the same transaction (bounds what either side buffers).
  int pipeline_writes = 256;
  // Room ownership (pg_leases.cpp): this server's id, unique among the servers sharing the
  // database. Empty: one server, writes are not fenced.
  std::string server_id = {};
  // How long an acquired or renewed lease lasts (PostgreSQL's clock decides expiry).
  std::chrono::milliseconds lease{15000};
  // The longest one write, lease or lobby statement may take (statement_timeout and
  // lock_timeout on PostgreSQL's side; this plus a second on ours, for a server that stopped
  // answering at all), and the longest a connect may take. Reads get three times as long.
  // A connection that timed out is dropped and made again (pg_conn.h).
  std::chrono::milliseconds timeout{5000};
};

// A server's hold on a room: its epoch (bumped at every change of owner) and when the lease
// runs out (Unix ms, by PostgreSQL's clock).
struct RoomLease {
  std::string room_id;
  std::int64_t epoch = 0;
  std::int64_t expires_ms = 0;
};

class PgStore final : public Store, public RoomOwnership {
 public:
  // Connects, sets the session up and brings the schema up to date. Fails (with a message
  // for the operator) when PostgreSQL cannot be reached or its schema is newer than this
  // binary.
  static Result<std::unique_ptr<PgStore>> open(const PgOptions& options);
  // Commits what is still queued, then stops the committer thread.
  ~PgStore() override;

  BANMEN_STORE_OVERRIDES
  StoreStats stats() const override;

  // pg_leases.cpp: room ownership (needs a server id). acquire() takes a room nobody holds
  // or whose lease has run out, bumping its epoch (lease_held otherwise); renew() extends a
  // lease still held (lease_lost once another server has the room); release() lets another
  // server take the room at once (call it after the room's last write has committed).
  // renew_all() renews every lease this store holds in one statement and returns the
  // rooms it has lost.
  Result<RoomLease> acquire(const std::string& room_id);
  Result<RoomLease> renew(const std::string& room_id);
  Result<void> release(const std::string& room_id);
  Result<std::vector<std::string>> renew_all();

  // RoomOwnership (pg_ownership.cpp), for the rooms: the calls above, plus the handover
  // ("wanted" rooms), a restart's own leases and the shared lobby.
  Result<void> take_room(const std::string& room_id) override;
  Result<void> let_go(const std::string& room_id) override { return release(room_id); }
  Result<void> forget_claim(const std::string& room_id) override;
  Result<void> want_room(const std::string& room_id) override;
  Result<LeaseRenewal> renew_leases() override;
  Result<int> expire_own_leases() override;
  Result<std::vector<WaitingRoom>> waiting_public_rooms(int limit) override;

 private:
  template <class>
  friend struct SeriesReads;  // the series assembly over this store's row readers
  PgStore(PgOptions options, std::unique_ptr<pg::Connection> writer,
          std::unique_ptr<pg::Connection> reader);

  // pg_store_writes.cpp: the statements of each write, their parameters and how their
  // answer reads.
  static Result<void> prepare_writes(pg::Connection& db);
  // Queues one write's statements (its fence first, with a server id) in the pipeline.
  Result<void> send(const QueuedWrite& q);
  bool fenced() const { return !options_.server_id.empty(); }
  // Whether `q` runs behind a fence: every write of a fenced store that names a room (a
  // push endpoint withdrawn from every room names none, and belongs to no owner).
  bool fences(const QueuedWrite& q) const { return fenced() && !room_of(q.write).empty(); }
  // Runs the fence of a write (the savepoint path); room_fenced when refused.
  Result<void> run_fence(const QueuedWrite& q);
  static Result<void> fence_verdict(const PGresult* r);
  // What the write's statement answered: ok, refused (no row changed) or the error.
  static Result<void> verdict(const StoreWrite& w, const PGresult* r);
  // Runs one write's statement and waits for its answer (the savepoint path).
  Result<void> run(const StoreWrite& w);

  // pg_group_commit.cpp
  bool commit_batch(const std::vector<QueuedWrite>& batch, std::vector<Result<void>>& results);
  // The whole batch in pipelines: true when every statement ran (results filled), false
  // when one failed with an error (nothing committed; the session is back to idle).
  Result<bool> commit_pipelined(const std::vector<QueuedWrite>& batch,
                                std::vector<Result<void>>& results);
  bool commit_with_savepoints(const std::vector<QueuedWrite>& batch,
                              std::vector<Result<void>>& results);
  // Sets the writer's session up (after a connect or a reconnect).
  static Result<void> set_up_writer(pg::Connection& db, std::chrono::milliseconds timeout);
  // pg_store.cpp: how each connection is made and set up.
  static pg::ConnectionOptions connection_options(const PgOptions& options,
                                                  std::chrono::milliseconds statement_timeout,
                                                  std::string session_sql);

  // pg_store_reads.cpp. Runs `read` in one read-only snapshot on the reader's connection.
  template <class Read>
  auto with_reader(Read&& read) -> decltype(read(std::declval<pg::Connection&>()));
  BANMEN_SERIES_ROW_READERS(pg::Connection)

  PgOptions options_;
  // The owner of the clock and alive marks this process writes (this_process_owner()).
  const std::string owner_ = this_process_owner(options_.server_id);
  std::unique_ptr<pg::Connection> writer_;  // the committer's alone
  std::mutex reader_mu_;
  std::unique_ptr<pg::Connection> reader_;
  // The retention job's own connection (close_idle_rooms), opened when first needed.
  std::mutex maintenance_mu_;
  std::unique_ptr<pg::Connection> maintenance_;
  // The maintenance connection, opened at its first use; call with maintenance_mu_ held.
  Result<pg::Connection*> maintenance_db();
  // pg_leases.cpp: the connection leases are taken and renewed on (lease_conn_mu_, held
  // for a whole lease call, so the calls never interleave), and the leases held (epochs_mu_,
  // held only to read or change the map: submit() reads it on a room's strand and must
  // never wait for PostgreSQL).
  std::mutex lease_conn_mu_;
  std::unique_ptr<pg::Connection> lease_conn_;
  mutable std::mutex epochs_mu_;
  std::unordered_map<std::string, std::int64_t> epochs_;  // room -> epoch held
  // The epoch held for `room_id` (0: none).
  std::int64_t epoch_of(const std::string& room_id) const;
  // The lease connection, made again first if it was lost; call with lease_conn_mu_ held.
  Result<pg::Connection*> leases_db();

  GroupCommitter committer_;  // last: its thread starts after everything it uses exists
};

}  // namespace banmen::server
