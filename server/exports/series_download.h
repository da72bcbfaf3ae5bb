// A room's finished games in one download: every PGN in one PGN file, or every game's
// record in its first format in a zip. A room may play thousands of games, so one file
// holds at most kSeriesGamesPerFile games by number (?from=&limit= choose which) and at
// most kSeriesBytesPerFile of records; past that the answer is 413 and asks for fewer.
#pragma once

#include <cstddef>
#include <string>

#include "core/result.h"
#include "exports/export_route.h"
#include "storage/store.h"

namespace banmen::server {

inline constexpr int kSeriesGamesPerFile = 200;
inline constexpr std::size_t kSeriesBytesPerFile = std::size_t{32} << 20;

// Stable codes of a series download that cannot be made.
inline constexpr const char* series_too_large = "series_too_large";

enum class SeriesFormat { pgn, zip };

struct SeriesFile {
  std::string body;
  int games = 0;         // records in it
  bool complete = true;  // every game of the range exists and is finished: it never changes
};

// The file of games `from`..`from + limit - 1` of `room_id`'s series (finished ones only,
// oldest first); `req` gives the records' site. Errors: the store's (not_found, storage_error),
// series_too_large.
Result<SeriesFile> series_download(Store& store, const std::string& room_id, int from, int limit,
                                   SeriesFormat format, const ExportRequest& req);

// "game-007-shogi.kifu": the game's number (three digits at least), its game and format.
std::string series_entry_name(int game_no, std::string_view game_id, std::string_view extension);

}  // namespace banmen::server
