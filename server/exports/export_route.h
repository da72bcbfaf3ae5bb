// The HTTP side of game records, served from the store (so they survive restarts):
//   GET /api/rooms/<room>/games                       the room's series, as JSON
//   GET /api/rooms/<room>/games/<n>/record?format=F   game n's record in format F
//   GET /api/rooms/<room>/games/<n>/positions         game n's positions, ply by ply
//   GET /api/rooms/<room>/records.pgn, records.zip    the finished games in one file
// A record (or the positions) of a game in progress is made for its asker: a player proves their
// seat with their token (?token=... or "Authorization: Bearer ..."); anyone else gets the
// spectator's record, and nothing at all when the room does not admit spectators.
#pragma once

#include <string>
#include <string_view>

#include "storage/store.h"

namespace banmen::server {

class PositionsCache;  // exports/positions_cache.h

struct ExportRequest {
  std::string_view target;         // path and query, as received
  std::string_view authorization;  // the Authorization header; empty if none
  std::string_view host;           // the Host header, for the record's site; may be empty
};

struct ExportReply {
  unsigned status = 404;
  std::string body;
  std::string content_type = "text/plain; charset=utf-8";
  std::string content_disposition;  // set for record downloads
  bool cacheable = false;           // false: "Cache-Control: no-store"
};

// True for the targets export_route() answers (everything under /api/rooms/).
bool is_export_target(std::string_view target);

// Answers one GET. Never throws; store failures are 503, unknown rooms and games 404.
// `positions`, if given, keeps games in progress' positions between requests.
ExportReply export_route(Store& store, const ExportRequest& request,
                         PositionsCache* positions = nullptr);

}  // namespace banmen::server
