// The answers of the export routes, one function per route; export_route() picks one.
// Each checks its own query, asks the store and applies the rules of export_request.h.
#pragma once

#include <string>
#include <string_view>

#include "exports/export_route.h"
#include "storage/store.h"

namespace banmen::server {

// GET /api/rooms/<room>/games/<n>/positions: every position of the game for its asker.
// `cache`: the positions of games in progress kept between requests (may be null).
ExportReply positions_reply(Store& store, const std::string& room_id, int game_no,
                            std::string_view query, const ExportRequest& req,
                            PositionsCache* cache);

// GET /api/rooms/<room>/records.pgn and records.zip: the room's finished games in one file.
ExportReply series_pgn_reply(Store& store, const std::string& room_id, std::string_view query,
                             const ExportRequest& req);
ExportReply series_zip_reply(Store& store, const std::string& room_id, std::string_view query,
                             const ExportRequest& req);

}  // namespace banmen::server
