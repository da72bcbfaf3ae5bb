// Rooms shared between servers (cluster mode: --store postgres with a --server-id). A
// server keeps a room in memory only while it holds the room's lease in PostgreSQL
// (storage/room_ownership.h); every lease call runs on the registry's worker, never on an
// I/O thread, and a wait for another server is a timer, never a blocked thread.
//
// - open(): the lease is taken before the store read, so the read sees every write of the
//   previous owner (which let go only after they committed, or whose later writes the
//   fence refuses). Held elsewhere: this server records that it wants the room and tries
//   again until lease + renewal have passed, then answers room_busy.
// - Every --lease-renew-ms: one renewal of every lease, on a thread of its own (a queue of
//   loads on the worker must not make a renewal late). A room lost meanwhile leaves memory
//   at once; a room another server wants is handed over (its connections closed with 4003,
//   its writes answered, then its lease let go). A write the fence refused drops its room
//   the same way.
// - Every --lobby-refresh-ms: the public rooms waiting for a player, read from PostgreSQL.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {

namespace {
// How often a join waiting for another server's room tries again: a few times per renewal.
std::chrono::milliseconds handover_retry_period(const Config& config) {
  return std::chrono::milliseconds(std::clamp<std::int64_t>(config.lease_renew_ms / 4, 50, 250));
}
// The shared lobby's length (list_rooms answers at most this many).
constexpr int kLobbyRooms = 100;
}  // namespace

Result<void> RoomRegistry::start_ownership() {
  if (!ownership_) return ok();
  auto expired = ownership_->expire_own_leases();
  if (!expired) return expired.error();
  if (*expired > 0)
    spdlog::info("let go of {} room leases left by this server's previous run", *expired);
  arm_renewal();
  refresh_lobby();  // the first list before the server is ready
  arm_lobby_refresh();
  return ok();
}

void RoomRegistry::load_owned(const std::string& id, const std::string& address,
                              std::chrono::steady_clock::time_point deadline) {
  auto try_again = [this, id, address, deadline] {
    if (std::chrono::steady_clock::now() >= deadline) {
      services_.metrics.refused.add(Refusal::room_busy);
      return answer_load(
          id, make_error(errc::room_busy, "the room is moving between servers; try again"));
    }
    auto timer = std::make_shared<boost::asio::steady_timer>(
        services_.ioc, handover_retry_period(services_.config));
    timer->async_wait([this, id, address, deadline, timer](boost::system::error_code ec) {
      if (ec) return answer_load(id, make_error(errc::no_such_room, "no such room"));
      post_to_worker([this, id, address, deadline] { load_owned(id, address, deadline); });
    });
  };
  if (auto present = find(id)) return answer_load(id, present);
  {
    std::lock_guard lock(mu_);
    if (stopped_) return answer_load(id, make_error(errc::no_such_room, "no such room"));
    if (leaving_.count(id)) return try_again();  // its last writes are still under way here
  }
  auto taken = ownership_->take_room(id);
  if (!taken) {
    if (taken.error().code != lease_held) {
      spdlog::error("room {}: taking its lease: {}", id, taken.error().message);
      return answer_load(id, unreadable_room());
    }
    if (auto wanted = ownership_->want_room(id); !wanted)
      spdlog::warn("room {}: asking for it: {}", id, wanted.error().message);
    return try_again();
  }
  services_.metrics.leases_acquired_total++;
  auto stored = services_.store.load_room(id);
  if (!stored) {
    if (stored.error().code == stored_not_found) {
      (void)ownership_->forget_claim(id);  // no such room: no row left behind for it
      return answer_load(id, make_error(errc::no_such_room, "no such room"));
    }
    spdlog::error("room {} could not be loaded: {}", id, stored.error().message);
    (void)ownership_->let_go(id);  // it stays in the store; another try may load it
    return answer_load(id, unreadable_room());
  }
  // The replay on the room workers, charged to the opener's address as on a single
  // server (room_loading.cpp): this thread, which every load and lease call of the server
  // goes through, only reads.
  if (replay_on_workers(id, address, std::make_shared<const StoredRoom>(std::move(*stored)),
                        [this, id](const StoredRoom& kept, const std::shared_ptr<Room>& room) {
                          owned_replayed(id, kept, room);
                        }))
    return;
  (void)ownership_->let_go(id);
  answer_load(id, replay_share_busy());
}

void RoomRegistry::owned_replayed(const std::string& id, const StoredRoom& stored,
                                  const std::shared_ptr<Room>& room) {
  std::shared_ptr<Room> adopted;
  if (room) {
    room->on_fenced([this, weak = std::weak_ptr<Room>(room)] {
      if (auto r = weak.lock(); r && let_room_go(r, false)) {
        services_.metrics.leases_lost_total++;
        spdlog::warn("room {}: a write was refused (another server holds it): dropped", r->id());
      }
    });
    adopted = adopt(room);
    if (adopted == room) {
      services_.metrics.rooms_loaded_total++;
      spdlog::info("room {} taken from the store (game {}{})", id, stored.game.game_no,
                   stored.finished ? ", over" : "");
    }
  }
  if (adopted) return answer_load(id, adopted);
  // Its game did not replay, or the server is stopping: it stays in the store, its lease
  // let go (on the registry's thread, as every lease call) so another try may load it.
  post_to_worker([this, id] { (void)ownership_->let_go(id); });
  answer_load(id, make_error(errc::no_such_room, "no such room"));
}

bool RoomRegistry::let_room_go(const std::shared_ptr<Room>& room, bool let_go) {
  const std::string id = room->id();
  {
    std::lock_guard lock(mu_);
    auto it = rooms_.find(id);
    if (it == rooms_.end() || it->second != room) return false;
    forget_locked(it);
    if (let_go) leaving_.insert(id);
  }
  close_and_let_go(room, let_go);
  return true;
}

void RoomRegistry::close_and_let_go(const std::shared_ptr<Room>& room, bool let_go) {
  // Only once the room's writes are answered may another server read it.
  room->close_for_move([this, id = room->id(), let_go] {
    if (!let_go) return;
    post_to_worker([this, id] {
      if (auto released = ownership_->let_go(id); !released)
        spdlog::warn("room {}: letting its lease go: {}", id, released.error().message);
      std::lock_guard lock(mu_);
      leaving_.erase(id);
    });
  });
}

void RoomRegistry::arm_renewal() {
  if (!renew_timer_) renew_timer_ = std::make_unique<boost::asio::steady_timer>(services_.ioc);
  renew_timer_->expires_after(std::chrono::milliseconds(services_.config.lease_renew_ms));
  renew_timer_->async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    post_to_lease_worker([this] { renew_leases(); });
    arm_renewal();
  });
}

void RoomRegistry::renew_leases() {
  auto renewal = ownership_->renew_leases();
  if (!renewal) {
    // The fence keeps the rooms safe meanwhile: if the leases run out, writes are refused
    // and the rooms dropped. /readyz says so, even on a server whose rooms are all idle
    // (nothing written, so the store alone would not notice).
    services_.metrics.lease_renewals_failed_total++;
    services_.metrics.lease_renewal_failing = true;
    spdlog::error("renewing room leases: {}", renewal.error().message);
    return;
  }
  services_.metrics.lease_renewal_failing = false;
  for (const auto& id : renewal->lost)
    if (auto room = find(id); room && let_room_go(room, false)) {
      services_.metrics.leases_lost_total++;
      spdlog::warn("room {}: its lease was lost to another server: dropped", id);
    }
  for (const auto& id : renewal->wanted)
    if (auto room = find(id); room && let_room_go(room, true)) {
      services_.metrics.rooms_handed_over_total++;
      spdlog::info("room {}: another server asked for it: handed over", id);
    }
}

void RoomRegistry::arm_lobby_refresh() {
  if (!lobby_timer_) lobby_timer_ = std::make_unique<boost::asio::steady_timer>(services_.ioc);
  lobby_timer_->expires_after(std::chrono::milliseconds(services_.config.lobby_refresh_ms));
  lobby_timer_->async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    post_to_worker([this] { refresh_lobby(); });
    arm_lobby_refresh();
  });
}

void RoomRegistry::refresh_lobby() {
  auto rooms = ownership_->waiting_public_rooms(kLobbyRooms);
  if (!rooms) {
    spdlog::warn("reading the shared lobby: {}", rooms.error().message);
    return;  // the last list stays
  }
  json listed = json::array();
  for (const auto& w : *rooms) {
    json options = json::parse(w.options_json, nullptr, false);
    if (!options.is_object()) continue;
    listed.push_back(json{{"room", w.room_id},
                          {"game", options.value("game", "")},
                          {"host", w.host_name},
                          {"clock", options.value("clock", json::object())},
                          {"host_side", options.value("side", "random")},
                          {"created_ms", w.created_ms}});
  }
  std::lock_guard lock(mu_);
  lobby_ = std::move(listed);
}

void RoomRegistry::create_for_url(std::shared_ptr<Client> host, const std::string& address,
                                  RoomOptions options, std::string name, json re) {
  auto refuse = [&](std::string_view code, std::string_view message) {
    services_.metrics.errors_total++;
    host->send(encode(error_message(re, code, message)));
  };
  {
    // Creates under way are bounded per address and in all (each is a lease and a few
    // writes): a flood is refused, not queued.
    std::lock_guard lock(mu_);
    if (stopped_) return refuse(errc::rate_limited, "the server is stopping");
    if (creating_total_ >= kMaxLoading)
      return refuse(errc::rate_limited, "the server is creating many rooms; try again shortly");
    auto& recent = recent_creates_[address];
    const auto now = unix_ms();
    while (!recent.empty() && recent.front() < now - services_.config.room_idle_ttl_ms)
      recent.pop_front();
    if (recent.size() >= static_cast<std::size_t>(services_.config.max_rooms_per_address))
      return refuse(errc::too_many_rooms, "you already have the most rooms you may create");
    recent.push_back(now);
    creating_total_++;
  }
  // Until its lease is let go, a join of the room on this server waits, as for a room
  // leaving memory: a load now would share the creation's lease and lose it with it.
  auto done = [this](const std::string& id) {
    std::lock_guard lock(mu_);
    leaving_.erase(id);
    creating_total_--;
  };
  post_to_worker([this, host, address, options = std::move(options), name = std::move(name), re,
                  done]() mutable {
    const std::string id = new_room_id();
    {
      std::lock_guard lock(mu_);
      leaving_.insert(id);
    }
    if (auto taken = ownership_->take_room(id); !taken) {
      spdlog::error("room {}: taking a lease for its creation: {}", id, taken.error().message);
      services_.metrics.errors_total++;
      host->send(encode(error_message(re, errc::storage_error,
                                      "the server could not create the room; try again")));
      return done(id);
    }
    services_.metrics.leases_acquired_total++;
    services_.metrics.rooms_created_total++;
    auto room = std::make_shared<Room>(services_, id, address);
    // Once its last write is answered the room object goes: then its lease goes too.
    room->create_detached([this, id, done] {
      post_to_worker([this, id, done] {
        if (auto released = ownership_->let_go(id); !released)
          spdlog::warn("room {}: letting its lease go: {}", id, released.error().message);
        done(id);
      });
    });
    room->create(host, std::move(options), std::move(name), re);
  });
}

}  // namespace banmen::server
