#include "exports/export_route.h"

#include <charconv>
#include <nlohmann/json.hpp>
#include <optional>

#include "exports/export_replies.h"
#include "exports/export_request.h"
#include "exports/game_positions.h"
#include "exports/record_export.h"
#include "exports/series_download.h"
#include "exports/shift_jis.h"
#include "games/registry.h"
#include "protocol/messages.h"
#include "util/tokens.h"

namespace banmen::server {

namespace {

constexpr std::string_view kPrefix = kExportPrefix;
constexpr int kGamesPerPage = 50;
constexpr int kMaxGamesPerPage = 200;

// The series downloads of the listed games: the whole series when one file holds it, else
// this page's games. `pgn` only when some listed game has a PGN record.
json series_records_json(const StoredSeries& s, int from, int limit) {
  std::string range;
  if (s.total_games > kSeriesGamesPerFile)
    range = "?from=" + std::to_string(from) + "&limit=" + std::to_string(limit);
  const std::string base = std::string(kPrefix) + s.info.room_id + "/records.";
  bool pgn = false;
  for (const auto& g : s.games)
    for (auto f : record_formats_of(g.start.game_id)) pgn = pgn || f == "pgn";
  return {{"pgn", pgn ? json(base + "pgn" + range) : json(nullptr)}, {"zip", base + "zip" + range}};
}

// What a visitor opening the room's link is told before choosing a name: the game, its
// clock, who invites and whether a seat is still free (else they would watch). Only what
// every spectator of the room sees anyway.
json invite_json(const StoredSeries& s) {
  json options = json::parse(s.info.options_json, nullptr, false);
  if (!options.is_object()) return nullptr;
  json invite{{"seats_taken", s.players.size()}};
  for (const char* key : {"game", "clock", "handicap", "variant_name", "spectators"})
    if (options.contains(key)) invite[key] = options[key];
  for (const auto& p : s.players)
    if (p.player == 0) invite["host"] = p.name;
  return invite;
}

ExportReply series_reply(Store& store, const std::string& room_id, std::string_view query,
                         const ExportRequest& req) {
  auto from = positive_int_param(query, "from", 1, 1 << 30);
  auto limit = positive_int_param(query, "limit", kGamesPerPage, kMaxGamesPerPage);
  if (!from || !limit)
    return plain_reply(400, "from= and limit= are positive numbers (limit at most " +
                                std::to_string(kMaxGamesPerPage) + ")");
  std::optional<ExportReply> refusal;
  auto token = token_of(query, req, refusal);
  if (refusal) return *refusal;
  auto series = store.list_games(room_id, {*from, *limit});
  if (!series) return store_failure_reply(series.error());
  const StoredSeries& s = *series;
  // A room that admits no spectators shows its games to its players only.
  if (!spectators_allowed(s.info.options_json) && !is_players_token(s, token))
    return plain_reply(403, "this room admits no spectators; a player's token is needed");

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
               {"result", stored_result_json(g)},
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
  body["series_records"] = series_records_json(s, *from, *limit);
  body["invite"] = invite_json(s);
  return ExportReply{200, body.dump() + "\n", "application/json", {}, false};
}

ExportReply record_reply(Store& store, const std::string& room_id, int game_no,
                         std::string_view query, const ExportRequest& req) {
  auto format = query_value(query, "format");
  if (!format || !is_urlsafe_id(*format, 1, 16)) return plain_reply(400, "format= is required");
  // charset=shift_jis: KIF as the Japanese programs that read `.kif` expect it.
  const auto charset = query_value(query, "charset");
  const bool shift_jis = charset && *charset == "shift_jis";
  if (charset && !shift_jis && *charset != "utf-8")
    return plain_reply(400, "charset= is utf-8 or shift_jis");
  if (shift_jis && *format != "kif") return plain_reply(400, "charset=shift_jis is for format=kif");
  std::optional<ExportReply> refusal;
  auto token = token_of(query, req, refusal);
  if (refusal) return *refusal;

  auto series = store.list_games(room_id, {1, 0});  // the room and its players
  if (!series) return store_failure_reply(series.error());
  auto game = store.load_game(room_id, game_no);
  if (!game) return store_failure_reply(game.error());
  const auto formats = record_formats_of(game->start.game_id);
  if (formats.empty()) return plain_reply(404, "unknown game " + game->start.game_id);
  bool offered = false;
  for (auto f : formats) offered = offered || f == *format;
  if (!offered)
    return plain_reply(404, "no record format '" + std::string(*format) + "' for this game");

  const GameAsker asker = game_asker(*series, *game, token);
  if (asker.refusal) return *asker.refusal;
  auto record = export_stored_game(*series, *game, *format, asker.viewer,
                                   record_context_for(req, room_id, game->start));
  if (!record) return store_failure_reply(record.error());
  ExportReply reply{200, std::move(*record), "text/plain; charset=utf-8", {}, game->finished};
  std::string extension = record_file_extension(*format);
  if (shift_jis) {
    reply.body = kif_to_shift_jis(reply.body);
    reply.content_type = "text/plain; charset=" + std::string(kShiftJisCharset);
    extension = kShiftJisKifExtension;
  }
  reply.content_disposition = "attachment; filename=\"banmen-" + room_id + "-" +
                              std::to_string(game_no) + "." + extension + "\"";
  return reply;
}

}  // namespace

bool is_export_target(std::string_view target) {
  return target.starts_with(kPrefix);
}

ExportReply export_route(Store& store, const ExportRequest& req, PositionsCache* positions) {
  std::string_view target = req.target;
  std::string_view query;
  if (auto q = target.find('?'); q != std::string_view::npos) {
    query = target.substr(q + 1);
    target = target.substr(0, q);
  }
  if (!target.starts_with(kPrefix)) return plain_reply(404, "not found");
  target.remove_prefix(kPrefix.size());
  auto slash = target.find('/');
  if (slash == std::string_view::npos) return plain_reply(404, "not found");
  const std::string room_id(target.substr(0, slash));
  if (!is_urlsafe_id(room_id, 1, 64)) return plain_reply(400, "bad room id");
  target.remove_prefix(slash);
  if (target == "/games" || target == "/games/") return series_reply(store, room_id, query, req);
  if (target == "/records.pgn") return series_pgn_reply(store, room_id, query, req);
  if (target == "/records.zip") return series_zip_reply(store, room_id, query, req);
  constexpr std::string_view games = "/games/";
  if (!target.starts_with(games)) return plain_reply(404, "not found");
  target.remove_prefix(games.size());
  int game_no = 0;
  auto [end, ec] = std::from_chars(target.data(), target.data() + target.size(), game_no);
  if (ec != std::errc{} || game_no < 1) return plain_reply(404, "not found");
  target.remove_prefix(static_cast<std::size_t>(end - target.data()));
  if (target == "/record") return record_reply(store, room_id, game_no, query, req);
  if (target == "/positions")
    return positions_reply(store, room_id, game_no, query, req, positions);
  return plain_reply(404, "not found");
}

}  // namespace banmen::server
