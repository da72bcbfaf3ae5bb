#include "rooms/room.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "app/hub.h"
#include "core/registry.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {

namespace {
constexpr std::size_t kMaxName = 32;

std::string clean_name(const json& req) {
  auto n = trim(get_string(req, "name").value_or(""));
  if (n.empty() || !valid_utf8(n)) return "Player";
  if (utf8_length(n) > kMaxName) {
    std::size_t count = 0, i = 0;
    for (; i < n.size(); ++i)
      if ((static_cast<unsigned char>(n[i]) & 0xC0) != 0x80 && count++ == kMaxName) break;
    n.resize(i);
  }
  return n;
}
// How often, at most, a room tells its members how many spectators it has.
constexpr std::chrono::milliseconds kSpectatorCountDelay{500};
}  // namespace

Room::Room(Hub& hub, std::string id, std::string creator_address)
    : hub_(hub),
      id_(std::move(id)),
      creator_address_(std::move(creator_address)),
      strand_(boost::asio::make_strand(hub.ioc)),
      flag_timer_(strand_),
      spectator_count_timer_(strand_) {
  last_activity_ms_ = unix_ms();
}

void Room::touch() {
  last_activity_ms_ = unix_ms();
}

void Room::run(std::function<void()> work) {
  boost::asio::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable {
    if (self->store_busy_) return self->waiting_.push_back(std::move(work));
    work();
  });
}

void Room::run_waiting() {
  while (!store_busy_ && !waiting_.empty()) {
    auto work = std::move(waiting_.front());
    waiting_.pop_front();
    work();
  }
}

void Room::store_then(StoreWrite write, std::function<void(const Result<void>&)> then) {
  store_busy_ = true;
  hub_.store->submit(std::move(write), [self = shared_from_this(),
                                        then = std::move(then)](Result<void> stored) mutable {
    boost::asio::post(self->strand_, [self, then = std::move(then), stored = std::move(stored)] {
      self->store_busy_ = false;
      then(stored);
      self->run_waiting();
    });
  });
}

void Room::store_until_committed(StoreWrite write, std::function<void()> then,
                                 std::function<void()> on_first_failure, int attempt) {
  auto retry = [this, write, then = std::move(then), on_first_failure = std::move(on_first_failure),
                attempt](const Result<void>& stored) mutable {
    if (stored) return then();
    const auto delay = std::chrono::milliseconds(std::min(30000, 250 << std::min(attempt, 7)));
    spdlog::error("room {} storage: {}; trying again in {} ms", id_, stored.error().message,
                  delay.count());
    if (attempt == 0 && on_first_failure) on_first_failure();
    auto timer = std::make_shared<boost::asio::steady_timer>(strand_, delay);
    timer->async_wait([weak = weak_from_this(), timer, write, then = std::move(then),
                       attempt](boost::system::error_code ec) mutable {
      auto self = weak.lock();
      if (ec || !self) return;  // the room is gone: the server is stopping or it expired
      self->store_until_committed(std::move(write), std::move(then), {}, attempt + 1);
    });
  };
  store_then(write, std::move(retry));
}

void Room::commit_then(StoreWrite write, const ClientPtr& c, const json& re,
                       std::function<void()> then) {
  store_then(std::move(write), [this, c, re, then = std::move(then)](const Result<void>& stored) {
    if (store_ok(stored, c.get(), re)) then();
  });
}

// Each entry point's closure holds the room (run() keeps `self` until it has run).
void Room::create(std::shared_ptr<Client> host, RoomOptions options, std::string name, json re) {
  run([this, host = std::move(host), o = std::move(options), n = std::move(name),
       r = std::move(re)]() mutable {
    do_create(std::move(host), std::move(o), std::move(n), std::move(r));
  });
}

void Room::join(std::shared_ptr<Client> client, json request) {
  run([this, c = std::move(client), r = std::move(request)]() mutable {
    do_join(std::move(c), std::move(r));
  });
}

void Room::leave(std::uint64_t client_id) {
  run([this, client_id] { do_leave(client_id); });
}

void Room::request(std::shared_ptr<Client> client, json req) {
  run([this, c = std::move(client), r = std::move(req)]() mutable {
    do_request(std::move(c), std::move(r));
  });
}

void Room::shutdown() {
  run([this] {
    closed_ = true;
    flag_timer_.cancel();
    spectator_count_timer_.cancel();
    for (auto& [id, m] : members_)
      if (auto c = m.client.lock()) c->left_room(this);
    members_.clear();
  });
}

void Room::do_create(std::shared_ptr<Client> host, RoomOptions options, std::string name, json re) {
  options_ = std::move(options);
  auto created = create_game(options_.game);
  if (!created) {
    refuse(*host, re, created.error().code, created.error().message);
    host->left_room(this);
    return;
  }
  game_ = std::move(created.value());
  clock_ = GameClock(options_.clock);
  game_no_ = 1;
  int host_seat = options_.side == "first"    ? 0
                  : options_.side == "second" ? 1
                                              : static_cast<int>(random_urlsafe(1)[0] & 1);
  seat_of_player_[0] = host_seat;
  seat_of_player_[1] = 1 - host_seat;
  auto token = new_token();
  players_[0] = Player{true, clean_name(json{{"name", name}}), sha256_hex(token), 0, 0, {}, {}};
  StoredSeat seat{id_, {0, players_[0].name, players_[0].token_hash}};
  // The room, then its host, each recorded before the next step; the host hears of the
  // room only once both are.
  store_then(StoredRoomInfo{id_, options_.to_json().dump(), unix_ms()},
             [this, host, re, token, seat](const Result<void>& room_stored) {
               if (!store_ok(room_stored, host.get(), re)) return host->left_room(this);
               store_then(seat, [this, host, re, token](const Result<void>& seat_stored) {
                 if (!store_ok(seat_stored, host.get(), re)) return host->left_room(this);
                 room_opened(host, re, token);
               });
             });
}

void Room::room_opened(const ClientPtr& host, const json& re, const std::string& token) {
  spdlog::info("room {} created game={} clock={} by conn {}", id_, options_.game,
               options_.clock.human(), host->client_id());
  list_publicly();  // before the answer: once the host has the link, the lobby shows the room
  reply(*host,
        json{{"type", "room_created"},
             {"room", id_},
             {"link", "/r/" + id_},
             {"player", 0},
             {"token", token},
             {"role", "player"}},
        re);
  attach(host, 0, players_[0].name);
}

void Room::attach(std::shared_ptr<Client> client, int player, const std::string& name) {
  members_[client->client_id()] = Member{client, player, name};
  connected_ = static_cast<int>(members_.size());
  touch();
  if (player >= 0) {
    players_[player].client = client->client_id();
    players_[player].gone_since_ms = 0;
  }
  client->send(encode(
      snapshot(player >= 0 ? seat_viewer(seat_of_player_[player]) : Viewer::spectator, player)));
  publish_presence(player);
}

void Room::do_join(std::shared_ptr<Client> client, json req) {
  const json re = request_id(req);
  if (closed_) {
    refuse(*client, re, "no_such_room", "the room is gone");
    return client->left_room(this);
  }
  touch();
  auto since = get_int(req, "since");
  auto token = get_string(req, "token");
  // Already here (e.g. a client re-sending join): answer as a fresh join of the same role.
  auto here = members_.find(client->client_id());
  if (here != members_.end() && (!token || here->second.player >= 0)) {
    auto it = here;
    json j{{"type", "joined"}, {"room", id_}};
    j["role"] = it->second.player >= 0 ? "player" : "spectator";
    if (it->second.player >= 0) j["player"] = it->second.player;
    reply(*client, j, re);
    send_catch_up(*client, viewer_of(it->second), since);
    return;
  }
  if (token) {
    auto hash = sha256_hex(*token);
    int p = -1;
    for (int i = 0; i < 2; ++i)
      if (players_[i].taken && equal_constant_time(players_[i].token_hash, hash)) p = i;
    if (p < 0) {
      refuse(*client, re, "bad_token", "this token does not belong to a player of this room");
      // A spectator who tried a wrong token stays a spectator.
      if (here == members_.end()) client->left_room(this);
      return;
    }
    if (here != members_.end()) members_.erase(here);  // a spectator becomes the player
    // A newer connection of the same player replaces the older one.
    if (auto old = players_[p].client; old != 0 && old != client->client_id()) {
      if (auto it = members_.find(old); it != members_.end()) {
        if (auto oc = it->second.client.lock()) {
          oc->left_room(this);
          oc->close(4001, "replaced");
        }
        members_.erase(it);
      }
    }
    reply(*client, json{{"type", "joined"}, {"room", id_}, {"role", "player"}, {"player", p}}, re);
    members_[client->client_id()] = Member{client, p, players_[p].name};
    connected_ = static_cast<int>(members_.size());
    players_[p].client = client->client_id();
    players_[p].gone_since_ms = 0;
    spdlog::info("room {} player {} back on conn {}", id_, p, client->client_id());
    if (resume_held_clock(p))
      publish_snapshots();  // everyone, this client included, sees the clock running
    else
      send_catch_up(*client, seat_viewer(seat_of_player_[p]), since);
    publish_presence(p);
    return;
  }
  if (!players_[1].taken) {
    auto secret = new_token();
    Player p{true, clean_name(req), sha256_hex(secret), 0, 0, {}, {}};
    StoredSeat seat{id_, {1, p.name, p.token_hash}};
    store_then(std::move(seat), [this, client, re, p, secret](const Result<void>& stored) {
      if (!store_ok(stored, client.get(), re)) return client->left_room(this);
      guest_seated(client, re, p, secret);
    });
    return;
  }
  if (!options_.spectators) {
    refuse(*client, re, "room_full", "both seats are taken and the room has no spectators");
    return client->left_room(this);
  }
  // A cap on spectators bounds what one room costs: every presence change and every move
  // is sent to each of them.
  if (spectator_count() >= hub_.config.max_spectators_per_room) {
    refuse(*client, re, "spectators_full", "this room has as many spectators as it allows");
    return client->left_room(this);
  }
  reply(*client, json{{"type", "joined"}, {"room", id_}, {"role", "spectator"}}, re);
  attach(client, -1, clean_name(req));
}

void Room::list_publicly() {
  std::lock_guard lock(shared_mu_);
  if (options_.listed)
    listing_ = json{{"room", id_},
                    {"game", options_.game},
                    {"host", players_[0].name},
                    {"clock", clock_spec_json(options_.clock)},
                    {"host_side", options_.side},
                    {"created_ms", unix_ms()}};
}

void Room::guest_seated(const ClientPtr& client, const json& re, const Player& guest,
                        const std::string& secret) {
  players_[1] = guest;
  {
    std::lock_guard lock(shared_mu_);
    listing_.reset();  // no longer waiting for an opponent
  }
  reply(
      *client,
      json{{"type", "joined"}, {"room", id_}, {"role", "player"}, {"player", 1}, {"token", secret}},
      re);
  spdlog::info("room {} player 1 seated on conn {}", id_, client->client_id());
  members_[client->client_id()] = Member{client, 1, players_[1].name};
  connected_ = static_cast<int>(members_.size());
  players_[1].client = client->client_id();
  // Both are seated: the game starts once its start is recorded, however long the store
  // takes (until then both see the room waiting).
  auto record = game_start_record();
  store_until_committed(
      record,
      [this, record] {
        game_began(record);
        publish_snapshots();
      },
      [this] { publish_snapshots(); });
}

void Room::send_catch_up(Client& client, Viewer viewer, std::optional<std::int64_t> since) {
  if (since && *since >= static_cast<std::int64_t>(log_start_) &&
      *since <= static_cast<std::int64_t>(version_)) {
    int v = static_cast<int>(viewer);
    for (const auto& e : log_)
      if (e.version > static_cast<std::uint64_t>(*since) && e.text[v]) client.send(e.text[v]);
    return;
  }
  int player = -1;
  if (is_seat(viewer)) player = player_at_seat(seat_of(viewer));
  client.send(encode(snapshot(viewer, player)));
}

void Room::do_leave(std::uint64_t client_id) {
  auto it = members_.find(client_id);
  if (it == members_.end()) return;
  int p = it->second.player;
  members_.erase(it);
  connected_ = static_cast<int>(members_.size());
  touch();
  if (p >= 0 && players_[p].client == client_id) {
    players_[p].client = 0;
    players_[p].gone_since_ms = unix_ms();
    spdlog::info("room {} player {} gone (conn {})", id_, p, client_id);
  }
  publish_presence(p);
}

void Room::publish_presence(int player) {
  if (player >= 0) return send_presence(player);
  // A shared link brings spectators in crowds: one presence per arrival, sent to every
  // member, cost O(N^2) messages (600 spectators: 182,706). Now each member hears the
  // count at most once per delay.
  if (spectator_count_due_) return;
  spectator_count_due_ = true;
  spectator_count_timer_.expires_after(kSpectatorCountDelay);
  spectator_count_timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    auto self = weak.lock();
    if (ec || !self) return;
    self->spectator_count_due_ = false;
    if (!self->closed_) self->send_presence(-1);
  });
}

void Room::send_presence(int player) {
  json base{{"type", "presence"}, {"spectators", 0}};
  int spectators = 0;
  for (const auto& [id, m] : members_)
    if (m.player < 0) ++spectators;
  base["spectators"] = spectators;
  if (player >= 0) {
    const auto& p = players_[player];
    base["player"] = player;
    base["seat"] = seat_of_player_[player];
    base["name"] = p.name;
    base["connected"] = p.client != 0;
    if (p.client == 0 && status_ == Status::playing) {
      base["gone_since_ms"] = p.gone_since_ms;
      base["claim_at_ms"] = p.gone_since_ms + hub_.config.abandon_timeout_ms;
    }
  } else {
    base["player"] = nullptr;
  }
  publish_same(std::move(base));
}

Viewer Room::viewer_of(const Member& m) const {
  return m.player >= 0 ? seat_viewer(seat_of_player_[m.player]) : Viewer::spectator;
}

void Room::reply(Client& c, json j, const json& re) {
  if (!re.is_null()) j["re"] = re;
  c.send(encode(j));
}

void Room::refuse(Client& c, const json& re, std::string_view code, std::string_view message) {
  hub_.metrics.errors_total++;
  c.send(encode(error_message(re, code, message)));
}

bool Room::store_ok(Result<void> r, Client* c, const json& re) {
  if (r) return true;
  spdlog::error("room {} storage: {}", id_, r.error().message);
  if (c) refuse(*c, re, "storage_error", "the server could not record this; nothing changed");
  return false;
}

std::size_t Room::spectator_count() const {
  std::size_t n = 0;
  for (const auto& [id, m] : members_)
    if (m.player < 0) ++n;
  return n;
}

bool Room::expired(std::int64_t now_ms) const {
  auto idle = now_ms - last_activity_ms_.load();
  if (idle > hub_.config.room_max_idle_ms) return true;
  return connected_.load() == 0 && !in_progress_.load() && idle > hub_.config.room_idle_ttl_ms;
}

std::optional<json> Room::public_listing() const {
  std::lock_guard lock(shared_mu_);
  return listing_;
}

}  // namespace banmen::server
