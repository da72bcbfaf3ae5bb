#include "exports/export_request.h"

#include <charconv>
#include <nlohmann/json.hpp>

#include "rooms/room_options.h"
#include "util/tokens.h"

namespace banmen::server {

ExportReply plain_reply(unsigned status, std::string body) {
  return ExportReply{status, std::move(body) + "\n", "text/plain; charset=utf-8", {}, false};
}

ExportReply store_failure_reply(const Error& e) {
  if (e.code == stored_not_found) return plain_reply(404, e.message);
  if (e.code == storage_error) return plain_reply(503, "storage unavailable");
  return plain_reply(400, e.message);
}

std::optional<std::string_view> query_value(std::string_view query, std::string_view key) {
  while (!query.empty()) {
    auto amp = query.find('&');
    auto pair = query.substr(0, amp);
    auto eq = pair.find('=');
    if (eq != std::string_view::npos && pair.substr(0, eq) == key) return pair.substr(eq + 1);
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

std::string export_cache_key(const ExportRequest& req) {
  std::string_view path = req.target;
  std::string_view query;
  if (auto q = path.find('?'); q != std::string_view::npos) {
    query = path.substr(q + 1);
    path = path.substr(0, q);
  }
  std::string key;
  key.reserve(req.target.size() + req.authorization.size() + req.host.size() + 8);
  // "/games/007/record" is "/games/7/record".
  constexpr std::string_view games = "/games/";
  if (auto g = path.find(games); g != std::string_view::npos) {
    key.append(path.substr(0, g + games.size()));
    std::string_view rest = path.substr(g + games.size());
    std::size_t zeros = 0;
    while (zeros + 1 < rest.size() && rest[zeros] == '0' && rest[zeros + 1] >= '0' &&
           rest[zeros + 1] <= '9')
      ++zeros;
    key.append(rest.substr(zeros));
  } else {
    key.append(path);
  }
  key += '?';
  for (std::string_view name : {"format", "charset", "from", "limit", "token"}) {
    auto value = query_value(query, name);
    if (!value) continue;
    key.append(name).append("=");
    int number = 0;
    auto [end, ec] = std::from_chars(value->data(), value->data() + value->size(), number);
    const bool numeric = (name == "from" || name == "limit") && ec == std::errc{} &&
                         end == value->data() + value->size();
    key.append(numeric ? std::to_string(number) : std::string(*value)).append("&");
  }
  key.append("\n").append(req.authorization).append("\n").append(req.host);
  return key;
}

std::optional<int> positive_int_param(std::string_view query, std::string_view key, int fallback,
                                      int max) {
  auto given = query_value(query, key);
  if (!given) return fallback;
  int value = 0;
  auto [end, ec] = std::from_chars(given->data(), given->data() + given->size(), value);
  if (ec != std::errc{} || end != given->data() + given->size() || value < 1 || value > max)
    return std::nullopt;
  return value;
}

std::optional<std::string_view> token_of(std::string_view query, const ExportRequest& req,
                                         std::optional<ExportReply>& refusal) {
  std::optional<std::string_view> token = query_value(query, "token");
  constexpr std::string_view bearer = "Bearer ";
  if (!token && req.authorization.starts_with(bearer))
    token = req.authorization.substr(bearer.size());
  if (token && !is_urlsafe_id(*token, 1, 128)) refusal = plain_reply(400, "malformed token");
  return token;
}

bool spectators_allowed(const std::string& options_json) {
  auto options = nlohmann::json::parse(options_json, nullptr, false);
  return !options.is_object() || options.value("spectators", true);
}

bool is_players_token(const StoredSeries& s, std::optional<std::string_view> token) {
  if (!token) return false;
  const std::string hash = sha256_hex(*token);
  StoredGameStart any;  // seats do not matter here: only whether it is a player at all
  return viewer_for_token_hash(s, any, hash) != Viewer::spectator;
}

GameAsker game_asker(const StoredSeries& series, const StoredGame& game,
                     std::optional<std::string_view> token) {
  GameAsker asker;
  std::optional<std::string> hash;
  if (token) hash = sha256_hex(*token);
  asker.viewer = viewer_for_token_hash(series, game.start, hash);
  if (token && asker.viewer == Viewer::spectator)
    asker.refusal = plain_reply(403, "this token is not a player's");
  else if (!game.finished && asker.viewer == Viewer::spectator &&
           !spectators_allowed(series.info.options_json))
    asker.refusal = plain_reply(403, "this room admits no spectators; a player's token is needed");
  return asker;
}

RecordContext record_context_for(const ExportRequest& req, const std::string& room_id,
                                 const StoredGameStart& game) {
  RecordContext context;
  auto options = nlohmann::json::parse(game.options_json, nullptr, false);
  if (options.is_object() && options.contains("clock"))
    if (auto clock = parse_clock(options["clock"])) context.time_control = clock->human();
  if (!req.host.empty() && is_urlsafe_id(room_id, 1, 64))
    context.site = "http://" + std::string(req.host) + "/r/" + room_id;
  return context;
}

std::string record_file_extension(std::string_view format) {
  if (format == "kif") return "kifu";  // UTF-8 KIF is .kifu by convention
  if (format == "transcript") return "txt";
  return std::string(format);
}

}  // namespace banmen::server
