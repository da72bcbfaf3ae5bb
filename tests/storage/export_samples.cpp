// Writes records exported from the store for every implemented game, so independent
// parsers (tests/js/check_exports.mjs) can read them: <dir>/<game>-<seed>.<format>, and
// <dir>/manifest.json with each file's game, format, ply count and final position. KIF
// also as the Shift_JIS .kif (format "kif_sjis").
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>

#include "exports/record_export.h"
#include "exports/shift_jis.h"
#include "games/registry.h"
#include "storage/sqlite_store.h"

using namespace banmen;
using namespace banmen::server;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: export_samples <dir>\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  nlohmann::json manifest = nlohmann::json::array();
  for (auto id : game_ids()) {
    for (unsigned seed = 1; seed <= 4; ++seed) {
      auto game = create_game(id);
      if (!game) {
        std::fprintf(stderr, "%s: %s\n", std::string(id).c_str(), game.error().message.c_str());
        return 1;
      }
      auto store = SqliteStore::open({":memory:"});
      if (!store) return 1;
      auto& s = **store;
      const std::string room = "samples";
      if (!s.write(StoredRoomInfo{room, "{}", 1}) ||
          !s.write(StoredSeat{room, {0, "Sente Player", "a"}}) ||
          !s.write(StoredSeat{room, {1, "Gote Player", "b"}}) ||
          !s.write(StoredGameStart{
              room, 1, std::string(id), "{}", (*game)->initial_position(), {0, 1}, 1700000000000}))
        return 1;
      std::mt19937 rng(seed);
      // Seeds 1-2 stop early (a record in progress at export time), 3-4 play on longer.
      const int plies = seed <= 2 ? 30 : 150;
      for (int ply = 1; ply <= plies && !(*game)->over(); ++ply) {
        auto moves = (*game)->legal_moves();
        if (!(*game)->apply(moves[rng() % moves.size()])) return 1;
        StoredMove m{room, 1, ply, (*game)->notation(ply - 1, Viewer::referee), {}, {}, 0, 1500};
        if (!s.write(m)) return 1;
      }
      auto stored = s.load_game(room, 1);
      auto series = s.list_games(room);
      if (!stored || !series) return 1;
      for (auto format : (*game)->info().record_formats) {
        auto text = export_stored_game(*series, *stored, format, Viewer::spectator, {"10+5", ""});
        if (!text) {
          std::cerr << id << " " << format << ": " << text.error().message << "\n";
          return 1;
        }
        const auto name = std::string(id) + "-" + std::to_string(seed) + "." + std::string(format);
        std::ofstream(dir / name, std::ios::binary) << *text;
        manifest.push_back(
            {{"file", name},
             {"game", id},
             {"format", format},
             {"plies", (*game)->history_size()},
             {"position", (*game)->position()},
             // the side to move's legal moves while the game goes on
             {"legal_moves",
              (*game)->over() ? nlohmann::json() : nlohmann::json((*game)->legal_moves().size())}});
        // The Shift_JIS .kif the record route also offers, for the readers to decode.
        if (format == "kif") {
          const auto sjis_name = std::string(id) + "-" + std::to_string(seed) + ".sjis.kif";
          std::ofstream(dir / sjis_name, std::ios::binary) << kif_to_shift_jis(*text);
          auto entry = manifest.back();
          entry["file"] = sjis_name;
          entry["format"] = "kif_sjis";
          manifest.push_back(entry);
        }
      }
    }
  }
  std::ofstream(dir / "manifest.json") << manifest.dump(2) << "\n";
  std::cout << manifest.size() << " records written to " << dir.string() << "\n";
  return 0;
}
