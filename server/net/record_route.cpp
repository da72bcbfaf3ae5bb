#include "net/record_route.h"

#include <charconv>

#include "app/hub.h"
#include "rooms/room.h"
#include "util/tokens.h"

namespace banmen::server {

namespace {
RouteResult text(unsigned status, std::string body) {
  return RouteResult{status, std::move(body) + "\n", "text/plain; charset=utf-8"};
}
}  // namespace

RouteResult record_route(Hub& hub, std::string_view target) {
  constexpr std::string_view prefix = "/api/rooms/";
  if (!target.starts_with(prefix)) return text(404, "not found");
  target.remove_prefix(prefix.size());
  auto slash = target.find('/');
  if (slash == std::string_view::npos) return text(404, "not found");
  auto room_id = target.substr(0, slash);
  target.remove_prefix(slash);
  constexpr std::string_view games = "/games/";
  if (!target.starts_with(games)) return text(404, "not found");
  target.remove_prefix(games.size());
  int game_no = 0;
  auto [end, ec] = std::from_chars(target.data(), target.data() + target.size(), game_no);
  if (ec != std::errc{}) return text(404, "not found");
  target.remove_prefix(static_cast<std::size_t>(end - target.data()));
  constexpr std::string_view tail = "/record?format=";
  if (!target.starts_with(tail)) return text(404, "not found");
  std::string format(target.substr(tail.size()));
  if (!is_urlsafe_id(room_id, 1, 64) || !is_urlsafe_id(format, 1, 16))
    return text(400, "bad request");
  auto room = hub.rooms.find(std::string(room_id));
  if (!room) return text(404, "no such room");
  auto record = room->finished_record(game_no, format);
  if (!record) return text(404, record.error().message);
  return RouteResult{200, std::move(record.value()), "text/plain; charset=utf-8"};
}

}  // namespace banmen::server
