#include "app/dispatcher.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <variant>

#include "app/hub.h"
#include "app/lobby_requests.h"
#include "app/peer.h"
#include "app/variant_check.h"
#include "fairy/factory.h"
#include "games/custom_game.h"
#include "games/registry.h"
#include "protocol/error_codes.h"
#include "protocol/game_info.h"
#include "protocol/messages.h"
#include "protocol/variant_info.h"
#include "protocol/version.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

namespace {

// Every game welcome lists, with its facts: the same for every connection and every
// server's life, so made once (each fairy variant's description is work: seconds for all
// of them under the sanitizers).
const json& welcome_games() {
  static const json games = [] {
    json all = json::array();
    for (auto id : game_ids()) {
      const auto* f = find_game(id);
      const auto& info = f->info();
      json formats = json::array();
      for (auto fmt : info.record_formats) formats.push_back(std::string(fmt));
      json game = game_info_json(info);
      game["clocks"] = clock_kinds(std::string(id));
      game["record_formats"] = formats;
      game["computer"] = info.computer;
      if (auto variant = fairy::room_variant(id)) game["variant"] = variant_info_json(*variant);
      all.push_back(std::move(game));
    }
    return all;
  }();
  return games;
}

}  // namespace

void prepare_welcome() {
  (void)welcome_games();
}

namespace {

json welcome(const Hub& hub, const json& re, int protocol) {
  const json& games = welcome_games();
  json j{{"type", "welcome"},
         {"server", kServerVersion},
         {"protocol", protocol},
         {"server_time_ms", unix_ms()},
         {"games", games},
         {"limits",
          {{"max_message_bytes", hub.config.max_message_bytes},
           {"chat_max_chars", hub.config.chat_max_chars},
           {"abandon_timeout_ms", hub.config.abandon_timeout_ms},
           {"max_variant_bytes", fairy::max_variant_file_bytes}}}};
  if (!re.is_null()) j["re"] = re;
  return j;
}

void send_error(Hub& hub, Peer& session, const json& re, std::string_view code,
                std::string_view message) {
  hub.metrics.errors_total++;
  session.send(encode(error_message(re, code, message)));
}

// The session enters `room` (leaving its current one) and asks to join it.
void join_on_session(const std::shared_ptr<Peer>& session, const std::shared_ptr<Room>& room,
                     JoinRequest join, json re) {
  if (session->room() != room) {
    session->leave_current_room();
    session->enter_room(room);
  }
  room->join(session, std::move(join), std::move(re));
}

// One handler a request type of the table (app/lobby_requests.h), on the connection's
// strand; the table has checked each request's fields.
struct Handlers {
  Hub& hub;
  const std::shared_ptr<Peer>& session;
  const json& re;

  void err(std::string_view code, std::string_view message) const {
    send_error(hub, *session, re, code, message);
  }
  void answer(json j) const {
    if (!re.is_null()) j["re"] = re;
    session->send(encode(j));
  }

  void operator()(const Hello& r) const {
    // The connection speaks the client's version if this server knows it, else the newest
    // this server has (the client then decides whether it can go on). Without one: 1.
    const int protocol =
        r.protocol ? static_cast<int>(std::min<std::int64_t>(*r.protocol, kProtocolVersion))
                   : kOldestProtocolVersion;
    session->set_protocol(protocol);
    session->send(encode(welcome(hub, re, protocol)));
  }

  void operator()(const Ping&) const {
    answer(json{{"type", "pong"}, {"server_time_ms", unix_ms()}});
  }

  void operator()(CheckVariant& r) const {
    check_variant_on_worker(hub, session, std::move(r), re);
  }

  void operator()(const ListRooms&) const {
    answer(json{{"type", "rooms"}, {"rooms", hub.rooms.list_public()}});
  }

  void operator()(CreateRoom& r) const {
    if (hub.rooms.owns_rooms()) {
      // Several servers: the room is recorded and its URL handed back; the client joins it
      // there (the server nginx routes that URL to loads it).
      session->leave_current_room();
      return hub.rooms.create_for_url(session, session->address(), std::move(r.options),
                                      std::move(r.name), re);
    }
    auto room = hub.rooms.create(session->address());
    if (!room) return err(room.error().code, room.error().message);
    session->leave_current_room();
    session->enter_room(room.value());
    room.value()->create(session, std::move(r.options), std::move(r.name), re);
  }

  void operator()(JoinRoom& r) const {
    // A connection is routed by the room its URL names: it may join that room only. With
    // several servers a bare /ws reached a server chosen for no room: it joins none.
    const auto& routed = session->routed_room();
    if (!routed.empty() && routed != r.room)
      return err(errc::wrong_room,
                 "this connection is for room " + routed + "; connect to /ws?room=" + r.room);
    if (routed.empty() && hub.rooms.owns_rooms())
      return err(errc::wrong_room, "connect to /ws?room=" + r.room + " to join room " + r.room);
    if (auto room = hub.rooms.find(r.room)) return join_on_session(session, room, std::move(r), re);
    // Not in memory: brought back from the store off this thread, then joined here.
    // A later create_room, join_room or leave_room of this connection wins: the late load
    // neither moves the connection nor joins it.
    const std::string id = r.room;  // the request itself moves into the callback
    hub.rooms.open(id, session->address(),
                   [&metrics = hub.metrics, session = session, join = std::move(r), re = re,
                    choice = session->room_choices](Result<std::shared_ptr<Room>> room) mutable {
                     session->post([&metrics, session, room = std::move(room),
                                    join = std::move(join), re, choice]() mutable {
                       if (room && session->room_choices == choice)
                         return join_on_session(session, *room, std::move(join), re);
                       metrics.errors_total++;
                       if (!room)
                         return session->send(
                             encode(error_message(re, room.error().code, room.error().message)));
                       session->send(encode(error_message(
                           re, errc::stale_version, "a later room request of yours came first")));
                     });
                   });
  }

  void operator()(const LeaveRoom&) const {
    session->leave_current_room();
    answer(json{{"type", "ack"}});
  }

  void operator()(InRoom& r) const {
    auto room = session->room();
    if (!room) return err(errc::not_in_room, "join a room first");
    room->request(session, std::move(r.request), re);
  }
};

}  // namespace

void dispatch_message(Hub& hub, const std::shared_ptr<Peer>& session, std::string_view text) {
  auto parsed = parse_request(text);
  if (parsed.room_choice) ++session->room_choices;
  if (!parsed.request)
    return send_error(hub, *session, parsed.re, parsed.request.error().code,
                      parsed.request.error().message);
  std::visit(Handlers{hub, session, parsed.re}, parsed.request.value());
}

}  // namespace banmen::server
