#include "app/dispatcher.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "app/hub.h"
#include "app/peer.h"
#include "app/variant_check.h"
#include "core/registry.h"
#include "core/unicode_text.h"
#include "fairy/factory.h"
#include "protocol/error_codes.h"
#include "protocol/game_info.h"
#include "protocol/messages.h"
#include "protocol/variant_info.h"
#include "protocol/version.h"
#include "rooms/room.h"
#include "rooms/room_options.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {

namespace {

json welcome(const Hub& hub, const json& re, int protocol) {
  json games = json::array();
  for (auto id : game_ids()) {
    const auto* f = find_game(id);
    const auto& info = f->info();
    json formats = json::array();
    for (auto fmt : info.record_formats) formats.push_back(std::string(fmt));
    json game = game_info_json(info);
    game["clocks"] = clock_kinds(std::string(id));
    game["record_formats"] = formats;
    game["computer"] = info.computer;
    if (auto variant = fairy::builtin_variant(id)) game["variant"] = variant_info_json(*variant);
    games.push_back(std::move(game));
  }
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

// The session enters `room` (leaving its current one) and asks to join it.
void join_on_session(const std::shared_ptr<Peer>& session, const std::shared_ptr<Room>& room,
                     json msg) {
  if (session->room() != room) {
    session->leave_current_room();
    session->enter_room(room);
  }
  room->join(session, std::move(msg));
}

}  // namespace

void dispatch_message(Hub& hub, const std::shared_ptr<Peer>& session, std::string_view text) {
  auto err = [&](const json& re, std::string_view code, std::string_view message) {
    hub.metrics.errors_total++;
    session->send(encode(error_message(re, code, message)));
  };
  json msg = json::parse(text, nullptr, false);
  if (msg.is_discarded() || !msg.is_object())
    return err(nullptr, errc::bad_request, "messages are JSON objects");
  const json re = request_id(msg);
  auto type = get_string(msg, "type");
  if (!type) return err(re, errc::bad_request, "type is required");

  if (*type == "hello") {
    // The connection speaks the client's version if this server knows it, else the newest
    // this server has (the client then decides whether it can go on). Without one: 1.
    int protocol = kOldestProtocolVersion;
    if (msg.contains("protocol")) {
      auto asked = get_int(msg, "protocol");
      if (!asked || *asked < 1) return err(re, errc::bad_request, "protocol is a version number");
      protocol = static_cast<int>(std::min<std::int64_t>(*asked, kProtocolVersion));
    }
    session->set_protocol(protocol);
    return session->send(encode(welcome(hub, re, protocol)));
  }
  if (*type == "ping") {
    json j{{"type", "pong"}, {"server_time_ms", unix_ms()}};
    if (!re.is_null()) j["re"] = re;
    return session->send(encode(j));
  }
  if (*type == "check_variant") {
    // Checked like create_room's custom game, but nothing is created: the host's form
    // asks as they type (the rate limit, the message size and the workers' shares bound it).
    if (!get_string(msg, "variant") ||
        (msg.contains("variant_name") && !get_string(msg, "variant_name")))
      return err(re, errc::bad_request, "check_variant needs variant (and variant_name) as text");
    return check_variant_on_worker(hub, session, std::move(msg), re);
  }
  if (*type == "list_rooms") {
    json j{{"type", "rooms"}, {"rooms", hub.rooms.list_public()}};
    if (!re.is_null()) j["re"] = re;
    return session->send(encode(j));
  }
  // A name is shown to others and written into records: it must say what it shows.
  if ((*type == "create_room" || *type == "join_room") && msg.contains("name")) {
    auto name = get_string(msg, "name");
    if (!name || !is_plain_text(*name))
      return err(re, errc::bad_name,
                 "a name is text without line breaks, control, direction or zero-width "
                 "characters");
  }
  if (*type == "create_room" || *type == "join_room" || *type == "leave_room")
    ++session->room_choices;
  if (*type == "create_room") {
    auto options = parse_room_options(msg);
    if (!options) return err(re, options.error().code, options.error().message);
    if (hub.rooms.owns_rooms()) {
      // Several servers: the room is recorded and its URL handed back; the client joins it
      // there (the server nginx routes that URL to loads it).
      session->leave_current_room();
      return hub.rooms.create_for_url(session, session->address(), std::move(options.value()),
                                      get_string(msg, "name").value_or(""), re);
    }
    auto room = hub.rooms.create(session->address());
    if (!room) return err(re, room.error().code, room.error().message);
    session->leave_current_room();
    session->enter_room(room.value());
    room.value()->create(session, std::move(options.value()), get_string(msg, "name").value_or(""),
                         re);
    return;
  }
  if (*type == "join_room") {
    auto id = get_string(msg, "room");
    if (!id || !is_urlsafe_id(*id, 1, 64)) return err(re, errc::bad_request, "room id expected");
    if (auto token = get_string(msg, "token"); token && !is_urlsafe_id(*token, 1, 64))
      return err(re, errc::bad_token, "malformed token");
    if (msg.contains("token") && !msg["token"].is_string())
      return err(re, errc::bad_request, "token must be a string");
    // A connection is routed by the room its URL names: it may join that room only. With
    // several servers a bare /ws reached a server chosen for no room: it joins none.
    const auto& routed = session->routed_room();
    if (!routed.empty() && routed != *id)
      return err(re, errc::wrong_room,
                 "this connection is for room " + routed + "; connect to /ws?room=" + *id);
    if (routed.empty() && hub.rooms.owns_rooms())
      return err(re, errc::wrong_room, "connect to /ws?room=" + *id + " to join room " + *id);
    if (auto room = hub.rooms.find(*id)) return join_on_session(session, room, std::move(msg));
    // Not in memory: brought back from the store off this thread, then joined here.
    // A later create_room, join_room or leave_room of this connection wins: the late load
    // neither moves the connection nor joins it.
    hub.rooms.open(*id, session->address(),
                   [&metrics = hub.metrics, session, msg = std::move(msg), re,
                    choice = session->room_choices](Result<std::shared_ptr<Room>> room) mutable {
                     session->post([&metrics, session, room = std::move(room), msg = std::move(msg),
                                    re, choice]() mutable {
                       if (room && session->room_choices == choice)
                         return join_on_session(session, *room, std::move(msg));
                       metrics.errors_total++;
                       if (!room)
                         return session->send(
                             encode(error_message(re, room.error().code, room.error().message)));
                       session->send(encode(error_message(
                           re, errc::stale_version, "a later room request of yours came first")));
                     });
                   });
    return;
  }
  if (*type == "leave_room") {
    session->leave_current_room();
    json j{{"type", "ack"}};
    if (!re.is_null()) j["re"] = re;
    return session->send(encode(j));
  }
  if (Room::handles(*type)) {
    auto room = session->room();
    if (!room) return err(re, errc::not_in_room, "join a room first");
    room->request(session, std::move(msg));
    return;
  }
  err(re, errc::unknown_type, "unknown message type");
}

}  // namespace banmen::server
