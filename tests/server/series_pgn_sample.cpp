// Writes a room's series PGN as the route serves it, for an independent reader
// (tests/js/check_series_pgn.mjs, chess.js): <dir>/series.pgn and <dir>/series.json with
// each chess game's number of plies and final position, in order.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "exports/export_route.h"
#include "games/registry.h"
#include "series_test_room.h"
#include "storage/memory_store.h"

using namespace banmen;
using namespace banmen::server;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: series_pgn_sample <dir>\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  MemoryStore store;
  const auto games = store_series_test_room(store, "s");
  auto reply = export_route(store, {"/api/rooms/s/records.pgn", "", "example.org"});
  if (reply.status != 200) {
    std::cerr << reply.status << " " << reply.body;
    return 1;
  }
  std::ofstream(dir / "series.pgn", std::ios::binary) << reply.body;
  nlohmann::json expected = nlohmann::json::array();
  for (const auto& g : games) {
    if (!g.finished || g.game != "chess") continue;
    auto replay = create_game("chess");
    if (!replay) return 1;
    for (const auto& m : g.moves)
      if (!(*replay)->apply(m)) return 1;
    expected.push_back(
        {{"game_no", g.game_no}, {"plies", g.moves.size()}, {"position", (*replay)->position()}});
  }
  std::ofstream(dir / "series.json") << expected.dump(2) << "\n";
  std::cout << expected.size() << " games in " << (dir / "series.pgn").string() << "\n";
  return 0;
}
