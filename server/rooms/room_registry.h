// Every room in memory, by id. The lock guards only the map and the per-address counts;
// it is never held while a room runs or any I/O happens.
//
// A room lives as long as its series: memory holds the rooms someone is in (and those with
// a game under way); a room left empty for --room-idle-ttl-ms leaves memory, and the store
// keeps it. Opening its link brings it back (open(): one store read on the registry's
// worker thread, then the replay of its game on the room workers, never on an I/O thread)
// for --room-retention-days after its last activity; then the retention job closes it in
// the store (room_retention.cpp).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/result.h"
#include "protocol/messages.h"
#include "rooms/room_options.h"
#include "rooms/room_services.h"
#include "storage/room_ownership.h"
#include "storage/store.h"

namespace banmen::server {

class Room;
class Client;

class RoomRegistry {
 public:
  explicit RoomRegistry(RoomServices services) : services_(services) {}

  // A new room with a fresh unguessable id; errors: too_many_rooms.
  Result<std::shared_ptr<Room>> create(const std::string& address);
  // Brings back a room from the store after a restart (room_restore.cpp); before the
  // server runs. False (logged) when its game does not replay: it stays in the store.
  bool restore(const StoredRoom& stored);
  std::shared_ptr<Room> find(const std::string& id) const;
  // The room `id`, from memory or else brought back from the store (room_loading.cpp).
  // `opened` gets the room, or no_such_room (unknown, closed, or its game does not replay),
  // rate_limited (too many loads under way, or `address`'s share of them or of the room
  // workers taken), storage_error or too_many_rooms. It runs at once on the caller's thread
  // when the room is in memory, else on a worker thread: it must only hand the answer back
  // (post it to a strand). Concurrent opens of one room share one read and get the same
  // room; the first opener's address is charged for it.
  using Opened = std::function<void(Result<std::shared_ptr<Room>>)>;
  void open(const std::string& id, const std::string& address, Opened opened);
  // Public rooms waiting for a second player, newest first (at most `limit`).
  json list_public(std::size_t limit = 100) const;
  std::size_t size() const;
  // Reads every room of the store with an unfinished game (room_restore.cpp), before the
  // server is ready, and returns how many; start_restoring() then replays them one after
  // another on the room workers (sharing them with every address in turn), while the
  // server answers. Opening one not yet back starts its replay at once (charged to the
  // opener, as a load) and waits for that room alone.
  // The log says `restored N of M rooms` when all are done (a room that fails is logged,
  // skipped, and left in the store).
  Result<std::size_t> restore_all();
  void start_restoring();
  // Rooms read by restore_all() and not yet replayed.
  std::size_t restores_waiting() const;

  // More than one server (room_ownership_loop.cpp). With `ownership` (cluster mode) a room
  // is in memory only while this server holds its lease: open() takes the lease before the
  // store read (retrying while another server hands the room over, then room_busy), a room
  // leaving memory lets its lease go once its last write is answered, and a room whose
  // lease is lost or wanted elsewhere is dropped with its connections closed (4003). Call
  // before start_sweeping(); start_ownership() then forgets this server's previous leases
  // and starts the renewals and the shared lobby's refreshes.
  void use_ownership(RoomOwnership* ownership) { ownership_ = ownership; }
  bool owns_rooms() const { return ownership_ != nullptr; }
  Result<void> start_ownership();
  // Cluster mode's create_room: the room is recorded under a lease taken for it alone, its
  // host answered room_created (with the URL to join it at), and nothing stays in memory.
  // Errors go to `host`: too_many_rooms, rate_limited, storage_error.
  void create_for_url(std::shared_ptr<Client> host, const std::string& address, RoomOptions options,
                      std::string name, json re);

  // Forgets expired rooms every few seconds, and closes rooms past their retention in the
  // store every --room-retention-check-ms, until stop().
  void start_sweeping();
  void stop();
  // Drops every room and the timers, and waits for the worker; called once the I/O threads
  // have stopped.
  void clear();
  // Waits for the room workers' replays of this registry's loads (room_loading.cpp).
  ~RoomRegistry();

  // At most this many rooms are being loaded at once (each is one store read), and this
  // many for one address: made-up ids from one address cannot fill the loads for others.
  static constexpr std::size_t kMaxLoading = 64;
  static constexpr std::size_t kMaxLoadingPerAddress = 4;
  // Rooms closed by one retention statement; a run repeats it up to kRetentionBatches times.
  static constexpr int kRetentionBatch = 200;
  static constexpr int kRetentionBatches = 50;
  // The creator address counted for rooms brought back from the store.
  static constexpr const char* kRestoredAddress = "(restored)";

 private:
  void sweep();
  // room_restore.cpp: a room built from its stored state (not yet in the map), or null
  // (logged) when its game does not replay; then the one in the map for its id: `room`,
  // unless another was put there first (null once stopped).
  std::shared_ptr<Room> rebuild(const StoredRoom& stored);
  std::shared_ptr<Room> adopt(std::shared_ptr<Room> room);
  // room_loading.cpp: on the worker, one store read; then the room rebuilt on the room
  // workers (its plies to replay counted against `address`'s share), then everyone waiting
  // for it answered.
  void load(const std::string& id, const std::string& address);
  // The rebuilt room (null: its game did not replay) put in the registry, then everyone
  // waiting for it answered.
  void replayed(const std::string& id, const StoredRoom& stored, const std::shared_ptr<Room>& room);
  // Rebuilds `stored` on the room workers, its plies charged to `address`; then, on the
  // worker once the job's share is back, `replayed` with the room (null: its game did not
  // replay). False, nothing run and room_work_busy counted, when the share is taken.
  using Replayed = std::function<void(const StoredRoom&, const std::shared_ptr<Room>&)>;
  bool replay_on_workers(const std::string& id, const std::string& address,
                         std::shared_ptr<const StoredRoom> stored, Replayed replayed);
  // A load's answers when the store read fails and when the replay finds no share: the
  // same on one server and in cluster mode.
  static Error unreadable_room();
  static Error replay_share_busy();
  void post_to_worker(std::function<void()> work);
  void post_to_lease_worker(std::function<void()> work);
  // room_ownership_loop.cpp: one attempt of a load in cluster mode (on the worker); tried
  // again on a timer until `deadline` while another server holds the room.
  void load_owned(const std::string& id, const std::string& address,
                  std::chrono::steady_clock::time_point deadline);
  // The end of a cluster load on the room workers: the rebuilt room (null: its game did not
  // replay) in the registry and answered, or its lease let go.
  void owned_replayed(const std::string& id, const StoredRoom& stored,
                      const std::shared_ptr<Room>& room);
  void answer_load(const std::string& id, const Result<std::shared_ptr<Room>>& answer);
  // room_restore.cpp: the next room restore_all() read, replayed on the room workers; on its
  // delivery the one after it.
  void restore_next();
  // Replays one of them, charged to `address`; `then_next`: the background's, which goes
  // on with the next.
  void restore_one(const std::string& id, std::shared_ptr<const StoredRoom> stored,
                   const std::string& address, bool then_next);
  // Takes `room` out of memory (if it is still the one for its id) and closes it for the
  // move; with `let_go` its lease is let go once its writes are answered. False when it was
  // no longer there.
  bool let_room_go(const std::shared_ptr<Room>& room, bool let_go);
  // Closes a room already out of memory for the move (4003), then lets its lease go.
  void close_and_let_go(const std::shared_ptr<Room>& room, bool let_go);
  void forget_locked(std::map<std::string, std::shared_ptr<Room>>::iterator it);
  void arm_renewal();
  void renew_leases();
  void arm_lobby_refresh();
  void refresh_lobby();
  // room_retention.cpp
  void arm_retention();
  void close_retained_rooms();

  const RoomServices services_;
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
  std::map<std::string, int> per_address_;
  bool stopped_ = false;
  std::unique_ptr<boost::asio::steady_timer> sweep_timer_;
  std::unique_ptr<boost::asio::steady_timer> retention_timer_;

  // Cluster mode (guarded by mu_ but ownership_, set once before the server runs).
  RoomOwnership* ownership_ = nullptr;
  std::set<std::string> leaving_;   // out of memory, their lease not yet let go
  json lobby_ = json::array();      // the shared lobby, as last read
  std::size_t creating_total_ = 0;  // creates under way
  // Rooms created for a URL, by address: when (Unix ms), within the last --room-idle-ttl-ms.
  // Such rooms are in no server's memory, so this stands for the per-address count of live
  // rooms a single server keeps.
  std::map<std::string, std::deque<std::int64_t>> recent_creates_;
  std::unique_ptr<boost::asio::steady_timer> renew_timer_;
  std::unique_ptr<boost::asio::steady_timer> lobby_timer_;

  // Loads under way: who waits for each room and who asked first, and how many loads each
  // address has under way (guarded by load_mu_); replays handed to the room workers and
  // not yet answered (load_done_ says when one is).
  struct Loading {
    std::string address;
    std::vector<Opened> waiting;
  };
  mutable std::mutex load_mu_;
  std::condition_variable load_done_;
  std::map<std::string, Loading> loading_;
  std::map<std::string, std::size_t> loading_by_address_;
  std::size_t replays_ = 0;
  // Rooms read at start and not yet replayed (restore_all()), in the order they go (an id
  // an opener took out stays in the order and is passed over), guarded by load_mu_.
  std::map<std::string, std::shared_ptr<const StoredRoom>> to_restore_;
  std::deque<std::string> restore_order_;
  std::size_t restore_read_ = 0;  // how many restore_all() read
  std::size_t restore_done_ = 0;  // how many of them were replayed
  std::size_t restored_ = 0;      // how many of them came back
  // One thread for store reads and the retention job, made when first needed; in cluster
  // mode another for the lease renewals alone, so that a queue of loads (each a store read
  // and a replay) or a long retention run never delays a renewal past the lease.
  std::mutex worker_mu_;
  std::optional<boost::asio::thread_pool> worker_;
  std::optional<boost::asio::thread_pool> lease_worker_;
};

}  // namespace banmen::server
