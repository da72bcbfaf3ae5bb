// A stored room with a series of several games, most finished, one still played, for the
// series download tests: its host's token is "host-token", its guest's "guest-token".
#pragma once

#include <random>
#include <string>
#include <vector>

#include "games/registry.h"
#include "storage/store.h"
#include "util/tokens.h"

namespace banmen::server {

struct SeriesTestGame {
  int game_no = 0;
  std::string game;
  bool finished = false;
  std::vector<std::string> moves;  // referee notation
};

// Games 1..7: chess, shogi, reversi, chess, dogcat, hasami (finished) and chess (played).
inline std::vector<SeriesTestGame> store_series_test_room(Store& store, const std::string& room) {
  std::vector<SeriesTestGame> out;
  const char* ids[] = {"chess", "shogi", "reversi", "chess", "dogcat", "hasami", "chess"};
  const std::string options = R"({"game":"chess"})";
  if (!store.write(StoredRoomInfo{room, options, 1}).ok()) return out;
  (void)store.write(StoredSeat{room, {0, "Host", sha256_hex("host-token")}});
  (void)store.write(StoredSeat{room, {1, "Guest", sha256_hex("guest-token")}});
  std::mt19937 rng(42);
  for (int n = 1; n <= 7; ++n) {
    SeriesTestGame g{n, ids[n - 1], n < 7, {}};
    auto game = create_game(g.game);
    if (!game) return out;
    (void)store.write(StoredGameStart{room,
                                      n,
                                      g.game,
                                      options,
                                      (*game)->initial_position(),
                                      {n % 2, 1 - n % 2},
                                      1700000000000 + n * 1000000});
    for (int ply = 1; ply <= 30 && !(*game)->over(); ++ply) {
      auto legal = (*game)->legal_moves();
      (void)(*game)->apply(legal[rng() % legal.size()]);
      StoredMove m;
      m.room_id = room;
      m.game_no = n;
      m.ply = ply;
      m.move = (*game)->notation(static_cast<std::size_t>(ply - 1), Viewer::referee);
      g.moves.push_back(m.move);
      (void)store.write(m);
    }
    if (g.finished)
      (void)store.write(StoredFinish{
          room, n, {"win", n % 2, "resignation"}, 1700000000000 + n * 1000000 + 600000});
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace banmen::server
