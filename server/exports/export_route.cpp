#include "exports/export_route.h"

#include <charconv>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/registry.h"
#include "exports/record_export.h"
#include "rooms/room_options.h"
#include "util/tokens.h"

namespace banmen::server {

namespace {

using nlohmann::json;
constexpr std::string_view kPrefix = "/api/rooms/";
constexpr int kGamesPerPage = 50;
constexpr int kMaxGamesPerPage = 200;

ExportReply text(unsigned status, std::string body) {
  return ExportReply{status, std::move(body) + "\n", "text/plain; charset=utf-8", {}, false};
}

ExportReply failed(const Error& e) {
  if (e.code == stored_not_found) return text(404, e.message);
  if (e.code == storage_error) return text(503, "storage unavailable");
  return text(400, e.message);
}

// The value of `key` in a query string ("a=1&b=2"); tokens and formats are URL-safe, so no
// percent-decoding is needed (anything else fails validation anyway).
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

std::string time_control_of(const std::string& options_json) {
  auto options = json::parse(options_json, nullptr, false);
  if (!options.is_object() || !options.contains("clock")) return {};
  auto clock = parse_clock(options["clock"]);
  return clock ? clock->human() : std::string();
}

bool spectators_allowed(const std::string& options_json) {
  auto options = json::parse(options_json, nullptr, false);
  return !options.is_object() || options.value("spectators", true);
}

std::string extension_of(std::string_view format) {
  if (format == "kif") return "kifu";  // UTF-8 KIF is .kifu by convention
  if (format == "transcript") return "txt";
  return std::string(format);
}

json result_json(const StoredGame& g) {
  if (!g.finished) return nullptr;
  json r{{"kind", g.outcome.kind}, {"reason", g.outcome.reason}};
  r["winner"] = g.outcome.kind == "win" ? json(g.outcome.winner) : json(nullptr);
  return r;
}

// The asker's token, from the query or else from "Authorization: Bearer <token>"; an
// error reply when it is malformed.
std::optional<std::string_view> token_of(std::string_view query, const ExportRequest& req,
                                         std::optional<ExportReply>& refusal) {
  std::optional<std::string_view> token = query_value(query, "token");
  constexpr std::string_view bearer = "Bearer ";
  if (!token && req.authorization.starts_with(bearer))
    token = req.authorization.substr(bearer.size());
  if (token && !is_urlsafe_id(*token, 1, 128)) refusal = text(400, "malformed token");
  return token;
}

// True when `token` is one of the room's players' (compared by hash, in constant time).
bool is_players_token(const StoredSeries& s, std::optional<std::string_view> token) {
  if (!token) return false;
  const std::string hash = sha256_hex(*token);
  StoredGameStart any;  // seats do not matter here: only whether it is a player at all
  return viewer_for_token_hash(s, any, hash) != Viewer::spectator;
}

// A positive integer query parameter, `fallback` when absent; nullopt when malformed.
std::optional<int> int_param(std::string_view query, std::string_view key, int fallback, int max) {
  auto text = query_value(query, key);
  if (!text) return fallback;
  int value = 0;
  auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc{} || end != text->data() + text->size() || value < 1 || value > max)
    return std::nullopt;
  return value;
}

ExportReply series_reply(Store& store, const std::string& room_id, std::string_view query,
                         const ExportRequest& req) {
  auto from = int_param(query, "from", 1, 1 << 30);
  auto limit = int_param(query, "limit", kGamesPerPage, kMaxGamesPerPage);
  if (!from || !limit)
    return text(400, "from= and limit= are positive numbers (limit at most " +
                         std::to_string(kMaxGamesPerPage) + ")");
  std::optional<ExportReply> refusal;
  auto token = token_of(query, req, refusal);
  if (refusal) return *refusal;
  auto series = store.list_games(room_id, {*from, *limit});
  if (!series) return failed(series.error());
  const StoredSeries& s = *series;
  // A room that admits no spectators shows its games to its players only.
  if (!spectators_allowed(s.info.options_json) && !is_players_token(s, token))
    return text(403, "this room admits no spectators; a player's token is needed");

  json games = json::array();
  for (const auto& g : s.games) {
    std::string names[2];
    for (const auto& p : s.players)
      if (p.player == 0 || p.player == 1) names[g.start.seat_of_player[p.player]] = p.name;
    json formats = json::array(), records = json::object();
    for (auto fmt : record_formats_of(g.start.game_id)) {
      formats.push_back(fmt);
      records[std::string(fmt)] = std::string(kPrefix) + s.info.room_id + "/games/" +
                                  std::to_string(g.start.game_no) +
                                  "/record?format=" + std::string(fmt);
    }
    json entry{{"game_no", g.start.game_no},
               {"game", g.start.game_id},
               {"players_by_seat", {names[0], names[1]}},
               {"seat_of_player", {g.start.seat_of_player[0], g.start.seat_of_player[1]}},
               {"started_ms", g.start.started_ms},
               {"finished_ms", g.finished ? json(g.finished_ms) : json(nullptr)},
               {"status", g.finished ? "over" : "playing"},
               {"plies", g.plies},
               {"result", result_json(g)},
               {"formats", formats},
               {"records", records}};
    // A custom variant's records name it; its definition comes with them.
    if (g.start.game_id == custom_game_id) {
      const auto choice = stored_game_choice(g.start);
      entry["variant"] = choice.variant;
      entry["variant_name"] = choice.variant_name;
    }
    games.push_back(std::move(entry));
  }
  json players = json::array();
  for (const auto& p : s.players) players.push_back({{"player", p.player}, {"name", p.name}});
  // The next page, while this one is full and games with higher numbers remain.
  json next = nullptr;
  if (!s.games.empty() && static_cast<int>(s.games.size()) == *limit &&
      s.games.back().start.game_no < s.total_games)
    next = std::string(kPrefix) + s.info.room_id +
           "/games?from=" + std::to_string(s.games.back().start.game_no + 1) +
           "&limit=" + std::to_string(*limit);
  json body{
      {"room", s.info.room_id},       {"players", players}, {"score", {s.score[0], s.score[1]}},
      {"total_games", s.total_games}, {"games", games},     {"next", next}};
  return ExportReply{200, body.dump() + "\n", "application/json", {}, false};
}

ExportReply record_reply(Store& store, const std::string& room_id, int game_no,
                         std::string_view query, const ExportRequest& req) {
  auto format = query_value(query, "format");
  if (!format || !is_urlsafe_id(*format, 1, 16)) return text(400, "format= is required");
  std::optional<ExportReply> refusal;
  auto token = token_of(query, req, refusal);
  if (refusal) return *refusal;

  auto series = store.list_games(room_id, {1, 0});  // the room and its players
  if (!series) return failed(series.error());
  auto game = store.load_game(room_id, game_no);
  if (!game) return failed(game.error());
  const auto formats = record_formats_of(game->start.game_id);
  if (formats.empty()) return text(404, "unknown game " + game->start.game_id);
  bool offered = false;
  for (auto f : formats) offered = offered || f == *format;
  if (!offered) return text(404, "no record format '" + std::string(*format) + "' for this game");

  std::optional<std::string> hash;
  if (token) hash = sha256_hex(*token);
  Viewer viewer = viewer_for_token_hash(*series, game->start, hash);
  if (token && viewer == Viewer::spectator) return text(403, "this token is not a player's");
  if (!game->finished && viewer == Viewer::spectator &&
      !spectators_allowed(series->info.options_json))
    return text(403, "this room admits no spectators; a player's token is needed");

  RecordContext context;
  context.time_control = time_control_of(game->start.options_json);
  if (!req.host.empty() && is_urlsafe_id(room_id, 1, 64))
    context.site = "http://" + std::string(req.host) + "/r/" + room_id;
  auto record = export_stored_game(*series, *game, *format, viewer, context);
  if (!record) return failed(record.error());
  ExportReply reply{200, std::move(*record), "text/plain; charset=utf-8", {}, game->finished};
  reply.content_disposition = "attachment; filename=\"banmen-" + room_id + "-" +
                              std::to_string(game_no) + "." + extension_of(*format) + "\"";
  return reply;
}

}  // namespace

bool is_export_target(std::string_view target) {
  return target.starts_with(kPrefix);
}

ExportReply export_route(Store& store, const ExportRequest& req) {
  std::string_view target = req.target;
  std::string_view query;
  if (auto q = target.find('?'); q != std::string_view::npos) {
    query = target.substr(q + 1);
    target = target.substr(0, q);
  }
  if (!target.starts_with(kPrefix)) return text(404, "not found");
  target.remove_prefix(kPrefix.size());
  auto slash = target.find('/');
  if (slash == std::string_view::npos) return text(404, "not found");
  const std::string room_id(target.substr(0, slash));
  if (!is_urlsafe_id(room_id, 1, 64)) return text(400, "bad room id");
  target.remove_prefix(slash);
  if (target == "/games" || target == "/games/") return series_reply(store, room_id, query, req);
  constexpr std::string_view games = "/games/";
  if (!target.starts_with(games)) return text(404, "not found");
  target.remove_prefix(games.size());
  int game_no = 0;
  auto [end, ec] = std::from_chars(target.data(), target.data() + target.size(), game_no);
  if (ec != std::errc{} || game_no < 1) return text(404, "not found");
  target.remove_prefix(static_cast<std::size_t>(end - target.data()));
  if (target != "/record") return text(404, "not found");
  return record_reply(store, room_id, game_no, query, req);
}

}  // namespace banmen::server
