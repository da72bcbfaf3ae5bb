#include "exports/series_download.h"

#include <cstdio>

#include "exports/export_request.h"
#include "exports/shift_jis.h"
#include "exports/zip_writer.h"
#include "games/custom_game.h"

namespace banmen::server {

std::string series_entry_name(int game_no, std::string_view game_id, std::string_view extension) {
  char number[16];
  std::snprintf(number, sizeof number, "%03d", game_no);
  return "game-" + std::string(number) + "-" + std::string(game_id) + "." + std::string(extension);
}

Result<SeriesFile> series_download(Store& store, const std::string& room_id, int from, int limit,
                                   SeriesFormat format, const ExportRequest& req) {
  auto series = store.list_games(room_id, {from, limit});
  if (!series) return series.error();
  SeriesFile file;
  file.complete = static_cast<int>(series->games.size()) == limit;
  ZipWriter zip;
  std::size_t bytes = 0;
  for (const auto& listed : series->games) {
    if (!listed.finished) {  // a game in progress is left out: the file would change
      file.complete = false;
      continue;
    }
    const auto formats = record_formats_of(listed.start.game_id);
    if (formats.empty()) continue;
    std::string_view chosen = formats.front();
    if (format == SeriesFormat::pgn) {
      bool has_pgn = false;
      for (auto f : formats) has_pgn = has_pgn || f == "pgn";
      if (!has_pgn) continue;
      chosen = "pgn";
    }
    auto game = store.load_game(room_id, listed.start.game_no);
    if (!game) return game.error();
    // Finished: every viewer sees everything, so the spectator's record is the whole game.
    auto record = export_stored_game(*series, *game, chosen, Viewer::spectator,
                                     record_context_for(req, room_id, game->start));
    if (!record) return record.error();
    bytes += record->size();
    if (bytes > kSeriesBytesPerFile)
      return make_error(series_too_large,
                        "these games' records pass " + std::to_string(kSeriesBytesPerFile >> 20) +
                            " MiB: ask for fewer with ?from=" + std::to_string(from) +
                            "&limit=" + std::to_string(std::max(1, file.games)));
    ++file.games;
    if (format == SeriesFormat::pgn) {
      // PGN files hold games one after another, a blank line between them.
      if (!file.body.empty()) file.body += "\n";
      file.body += *record;
      if (!file.body.ends_with('\n')) file.body += '\n';
    } else {
      const std::string name = series_entry_name(listed.start.game_no, listed.start.game_id,
                                                 record_file_extension(chosen));
      if (!zip.add(name, *record, listed.finished_ms))
        return make_error(series_too_large, "too many records for one zip");
      // Beside UTF-8 KIF (.kifu), the Shift_JIS .kif older Japanese programs read.
      if (chosen == "kif") {
        std::string sjis = kif_to_shift_jis(*record);
        bytes += sjis.size();
        if (!zip.add(series_entry_name(listed.start.game_no, listed.start.game_id,
                                       kShiftJisKifExtension),
                     sjis, listed.finished_ms))
          return make_error(series_too_large, "too many records for one zip");
      }
    }
  }
  if (format == SeriesFormat::zip) file.body = std::move(zip).finish();
  return file;
}

}  // namespace banmen::server
