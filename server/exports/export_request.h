// What every export route needs from a request: plain answers, the asker's token and the
// room's rule on spectators. One home for them, so the routes (listing, record, positions,
// series downloads) apply the same rules.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "exports/export_route.h"
#include "exports/record_export.h"
#include "storage/store.h"

namespace banmen::server {

inline constexpr std::string_view kExportPrefix = "/api/rooms/";

// A text/plain answer (a newline is added), never cacheable.
ExportReply plain_reply(unsigned status, std::string body);
// A store error as an answer: 404 for unknown rooms and games, 503 when the store failed.
ExportReply store_failure_reply(const Error& e);

// The value of `key` in a query string ("a=1&b=2"); tokens and formats are URL-safe, so no
// percent-decoding is needed (anything else fails validation anyway).
std::optional<std::string_view> query_value(std::string_view query, std::string_view key);

// What decides a request's answer, as the export cache's key: the route's path (a game's
// number without leading zeros), the query parameters the routes read (format, charset,
// from, limit, token; integers as numbers) in one order, the credentials and the host. Anything
// else (an unknown parameter, the parameters' order) changes nothing, so it cannot be
// used to miss the cache.
std::string export_cache_key(const ExportRequest& req);

// A positive integer query parameter at most `max`, `fallback` when absent; nullopt when
// malformed or out of range.
std::optional<int> positive_int_param(std::string_view query, std::string_view key, int fallback,
                                      int max);

// The asker's token, from the query or else from "Authorization: Bearer <token>"; sets
// `refusal` (400) when it is malformed.
std::optional<std::string_view> token_of(std::string_view query, const ExportRequest& req,
                                         std::optional<ExportReply>& refusal);

// Whether the room's options admit spectators (rooms from before the option do).
bool spectators_allowed(const std::string& options_json);

// True when `token` is one of the room's players' (compared by hash, in constant time).
bool is_players_token(const StoredSeries& s, std::optional<std::string_view> token);

// The viewer one game is answered for, or the refusal: a token that is not a player's is
// 403; a spectator of a game in progress in a room without spectators is 403.
struct GameAsker {
  Viewer viewer = Viewer::spectator;
  std::optional<ExportReply> refusal;
};
GameAsker game_asker(const StoredSeries& series, const StoredGame& game,
                     std::optional<std::string_view> token);

// What a record of `game` says beyond the store: its time control and the room's link.
RecordContext record_context_for(const ExportRequest& req, const std::string& room_id,
                                 const StoredGameStart& game);

// A record file's extension: "kifu" for UTF-8 KIF (the convention), "txt" for transcripts.
std::string record_file_extension(std::string_view format);

}  // namespace banmen::server
