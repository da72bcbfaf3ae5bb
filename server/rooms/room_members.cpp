// Arriving and leaving: creating the room, joining as a player (new or returning) or a
// spectator, leaving, and the presence events that tell the others.
#include <spdlog/spdlog.h>

#include "games/registry.h"
#include "protocol/error_codes.h"
#include "rooms/admission.h"
#include "rooms/room.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {

namespace {
// How often, at most, a room tells its members how many spectators it has.
constexpr std::chrono::milliseconds kSpectatorCountDelay{500};
}  // namespace

void Room::do_create(std::shared_ptr<Client> host, RoomOptions options, std::string name, json re) {
  options_ = std::move(options);
  auto created = options_.new_game();
  if (!created) {
    refuse(*host, re, created.error().code, created.error().message);
    host->left_room(this);
    return;
  }
  match_.set_up(std::move(created.value()), options_.clock, 1);
  int host_seat = options_.side == "first"    ? 0
                  : options_.side == "second" ? 1
                                              : static_cast<int>(random_urlsafe(1)[0] & 1);
  seating_.seat_players(host_seat, 1 - host_seat);
  auto token = new_token();
  auto& host_player = seating_.player(0);
  host_player = Player{true, shown_name(name), sha256_hex(token), 0, 0, {}, {}};
  StoredSeat seat{id_, {0, host_player.name, host_player.token_hash}};
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

json Room::created_answer(const std::string& token) const {
  return json{{"type", "room_created"}, {"room", id_}, {"link", "/r/" + id_},
              {"url", url_of(id_)},     {"player", 0}, {"token", token}};
}

void Room::room_opened(const ClientPtr& host, const json& re, const std::string& token) {
  if (detached_gone_) return opened_elsewhere(host, re, token);
  spdlog::info("room {} created game={} clock={} by conn {}", id_, options_.game,
               options_.clock.human(), host->client_id());
  list_publicly();  // before the answer: once the host has the link, the lobby shows the room
  json answer = created_answer(token);
  answer["role"] = "player";  // this connection is in the room
  reply(*host, std::move(answer), re);
  attach(host, 0, seating_.player(0).name);
  if (options_.computer_level > 0)
    seat_computer(1, options_.computer_level, [this] { computer_game_starts(); });
}

void Room::attach(std::shared_ptr<Client> client, int player, const std::string& name) {
  seating_.add(client, player, name, unix_ms());
  members_changed();
  touch();
  client->send(encode(snapshot(seating_.viewer_of_player(player), player)));
  publish_presence(player);
}

void Room::do_join(std::shared_ptr<Client> client, JoinRequest req, json re) {
  const Member* here = seating_.find(client->client_id());
  const JoinFacts facts{
      closed_, moved_, here,
      // A computer room's second place is the computer's, even before its seat is recorded.
      !seating_.player(1).taken && options_.computer_level == 0, options_.spectators,
      seating_.spectator_count(), services_.config.max_spectators_per_room};
  const JoinPath path = join_path(req, facts);
  if (path != JoinPath::moved_away && path != JoinPath::gone) touch();
  switch (path) {
    case JoinPath::moved_away:
      client->close(kRoomMovedCode, "room moved");
      return client->left_room(this);
    case JoinPath::gone:
      refuse(*client, re, errc::no_such_room, "the room is gone");
      return client->left_room(this);
    case JoinPath::again: {
      json j{{"type", "joined"}, {"room", id_}};
      j["role"] = here->player >= 0 ? "player" : "spectator";
      if (here->player >= 0) j["player"] = here->player;
      reply(*client, j, re);
      return send_catch_up(*client, here->player, req.since);
    }
    case JoinPath::with_token:
      return rejoin(client, req, re, here != nullptr);
    case JoinPath::with_device_code:
      return join_with_device_code(client, req, re, here != nullptr);
    case JoinPath::as_guest: {
      auto secret = new_token();
      Player p{true, req.name, sha256_hex(secret), 0, 0, {}, {}};
      StoredSeat seat{id_, {1, p.name, p.token_hash}};
      return store_then(std::move(seat), [this, client, re, p, secret](const Result<void>& stored) {
        if (!store_ok(stored, client.get(), re)) return client->left_room(this);
        guest_seated(client, re, p, secret);
      });
    }
    case JoinPath::no_spectators:
      refuse(*client, re, errc::room_full, "both seats are taken and the room has no spectators");
      return client->left_room(this);
    case JoinPath::spectators_full:
      refuse(*client, re, errc::spectators_full, "this room has as many spectators as it allows");
      return client->left_room(this);
    case JoinPath::as_spectator:
      reply(*client, json{{"type", "joined"}, {"room", id_}, {"role", "spectator"}}, re);
      return attach(client, -1, req.name);
  }
}

// A player coming back with their seat token (or a spectator claiming a seat with one).
void Room::rejoin(const ClientPtr& client, const JoinRequest& req, const json& re,
                  bool was_member) {
  const int p = seating_.player_with_token(sha256_hex(*req.token));
  if (p < 0) {
    refuse(*client, re, errc::bad_token, "this token does not belong to a player of this room");
    // A spectator who tried a wrong token stays a spectator.
    if (!was_member) client->left_room(this);
    return;
  }
  take_seat(client, req, re, p, was_member);
}

void Room::take_seat(const ClientPtr& client, const JoinRequest& req, const json& re, int p,
                     bool was_member, const std::string& new_token) {
  if (was_member) seating_.remove(client->client_id(), 0);  // a spectator becomes the player
  // A newer connection of the same player replaces the older one. A seat moved by a device
  // link says so (4004): the old tab's token no longer opens the seat, so it must not
  // offer to take it back as after 4001.
  if (auto old = seating_.player(p).client; old != 0 && old != client->client_id()) {
    if (const Member* m = seating_.find(old)) {
      if (auto oc = m->client.lock()) {
        oc->left_room(this);
        if (new_token.empty())
          oc->close(4001, "replaced");
        else
          oc->close(4004, "seat moved to another device");
      }
      seating_.remove(old, 0);
    }
  }
  json joined{{"type", "joined"}, {"room", id_}, {"role", "player"}, {"player", p}};
  if (!new_token.empty()) joined["token"] = new_token;
  reply(*client, std::move(joined), re);
  seating_.add(client, p, seating_.player(p).name, unix_ms());
  members_changed();
  spdlog::info("room {} player {} back on conn {}", id_, p, client->client_id());
  if (resume_adjourned() || resume_held_clock(p))
    publish_snapshots();  // everyone, this client included, sees the clock running
  else
    send_catch_up(*client, p, req.since);
  publish_presence(p);
}

void Room::list_publicly() {
  std::lock_guard lock(shared_mu_);
  if (options_.listed)
    listing_ = json{{"room", id_},
                    {"game", options_.game},
                    {"host", seating_.player(0).name},
                    {"clock", clock_spec_json(options_.clock)},
                    {"host_side", options_.side},
                    {"created_ms", unix_ms()}};
}

void Room::guest_seated(const ClientPtr& client, const json& re, const Player& guest,
                        const std::string& secret) {
  seating_.player(1) = guest;
  {
    std::lock_guard lock(shared_mu_);
    listing_.reset();  // no longer waiting for an opponent
  }
  reply(
      *client,
      json{{"type", "joined"}, {"room", id_}, {"role", "player"}, {"player", 1}, {"token", secret}},
      re);
  spdlog::info("room {} player 1 seated on conn {}", id_, client->client_id());
  seating_.add(client, 1, guest.name, unix_ms());
  members_changed();
  start_when_recorded();
}

void Room::start_when_recorded(std::function<void()> then) {
  auto record = game_start_record();
  store_until_committed(
      record,
      [this, record, then = std::move(then)] {
        game_began(record);
        publish_snapshots();
        if (then) then();
      },
      [this] { publish_snapshots(); });
}

void Room::send_catch_up(Client& client, int player, std::optional<std::int64_t> since) {
  const Viewer viewer = seating_.viewer_of_player(player);
  if (events_.replay(client, viewer, since)) {
    // The player's conditional moves are in no event (nobody else may see them).
    if (player >= 0 && !conditionals_.of(player).empty())
      client.send(std::make_shared<const std::string>(conditionals_json(player).dump()));
    return;
  }
  client.send(encode(snapshot(viewer, player)));
}

void Room::do_leave(std::uint64_t client_id) {
  const auto player = seating_.remove(client_id, unix_ms());
  if (!player) return;
  uploads_.left(client_id);  // a record half brought in holds the room no longer
  members_changed();
  touch();
  if (*player >= 0 && seating_.player(*player).client == 0)
    spdlog::info("room {} player {} gone (conn {})", id_, *player, client_id);
  publish_presence(*player);
}

void Room::publish_presence(int player) {
  if (player >= 0) return events_.publish_same(presence_event(player));
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
    if (!self->closed_) self->events_.publish_same(self->presence_event(-1));
  });
}

}  // namespace banmen::server
