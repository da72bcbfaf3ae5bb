// GET /api/rooms/<room>/records.pgn and records.zip[?from=N&limit=L]: the room's finished
// games in one file. Finished games' records are anyone's (as on the record route), but a
// token given must be a player's.
#include "exports/export_replies.h"
#include "exports/export_request.h"
#include "exports/series_download.h"
#include "util/tokens.h"

namespace banmen::server {

namespace {

ExportReply series_file_reply(Store& store, const std::string& room_id, std::string_view query,
                              const ExportRequest& req, SeriesFormat format) {
  auto from = positive_int_param(query, "from", 1, 1 << 30);
  auto limit = positive_int_param(query, "limit", kSeriesGamesPerFile, kSeriesGamesPerFile);
  if (!from || !limit)
    return plain_reply(400, "from= and limit= are positive numbers (limit at most " +
                                std::to_string(kSeriesGamesPerFile) + ")");
  std::optional<ExportReply> refusal;
  auto token = token_of(query, req, refusal);
  if (refusal) return *refusal;
  if (token) {
    auto players = store.list_games(room_id, {1, 0});
    if (!players) return store_failure_reply(players.error());
    if (!is_players_token(*players, token)) return plain_reply(403, "this token is not a player's");
  }
  auto file = series_download(store, room_id, *from, *limit, format, req);
  if (!file) {
    if (file.error().code == series_too_large) return plain_reply(413, file.error().message);
    return store_failure_reply(file.error());
  }
  const bool zip = format == SeriesFormat::zip;
  ExportReply reply{200,
                    std::move(file->body),
                    zip ? "application/zip" : "application/x-chess-pgn; charset=utf-8",
                    {},
                    file->complete};
  // The room, and the games when the file is not the whole series from its start. (Built
  // by appending: GCC 12 warns falsely on chains of string + at -O3.)
  std::string name = "attachment; filename=\"banmen-";
  name.append(room_id).append("-records");
  if (query_value(query, "from") || query_value(query, "limit"))
    name.append("-")
        .append(std::to_string(*from))
        .append("-")
        .append(std::to_string(*from + *limit - 1));
  name.append(zip ? ".zip\"" : ".pgn\"");
  reply.content_disposition = std::move(name);
  return reply;
}

}  // namespace

ExportReply series_pgn_reply(Store& store, const std::string& room_id, std::string_view query,
                             const ExportRequest& req) {
  return series_file_reply(store, room_id, query, req, SeriesFormat::pgn);
}

ExportReply series_zip_reply(Store& store, const std::string& room_id, std::string_view query,
                             const ExportRequest& req) {
  return series_file_reply(store, room_id, query, req, SeriesFormat::zip);
}

}  // namespace banmen::server
