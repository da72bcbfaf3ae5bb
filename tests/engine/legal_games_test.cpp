// Thousands of games per family in which the engine plays both sides (now and then a
// random move instead, so the games spread out), every engine move checked against the
// rules core's legal list and then played through the seam (the fairy variants too). Each family
// runs until its game count or its time is used up, and must have done a minimum of work either
// way.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>

#include "engine/engine.h"
#include "games/registry.h"

namespace {

struct Work {
  long games = 0, plies = 0, engine_moves = 0;
};

Work play_many(std::string_view id, int max_games, int max_plies, std::chrono::seconds budget) {
  Work w;
  std::mt19937_64 rng(std::hash<std::string_view>{}(id));
  const auto end = std::chrono::steady_clock::now() + budget;
  while (w.games < max_games && std::chrono::steady_clock::now() < end) {
    auto created = banmen::create_game(id);
    EXPECT_TRUE(created.ok());
    auto& g = *created;
    for (int ply = 0; ply < max_plies && !g->over(); ++ply) {
      const auto legal = g->legal_moves();
      std::string move;
      if (rng() % 5 == 0) {
        move = legal[rng() % legal.size()];
      } else {
        banmen::engine::EngineRequest r;
        r.level = 1 + static_cast<int>(rng() % 3);
        r.max_nodes = 300;
        r.seed = rng();
        auto reply = banmen::engine::think(*g, banmen::seat_viewer(g->to_move()), r);
        EXPECT_TRUE(reply.ok()) << id << ": " << reply.error().message;
        if (!reply.ok()) return w;
        move = reply->move;
        ++w.engine_moves;
        const bool listed = std::find(legal.begin(), legal.end(), move) != legal.end();
        EXPECT_TRUE(listed) << id << " " << g->position() << ": " << move;
        if (!listed) return w;
      }
      auto applied = g->apply(move);
      EXPECT_TRUE(applied.ok()) << id << " " << move;
      if (!applied.ok()) return w;
      ++w.plies;
    }
    ++w.games;
  }
  std::printf("%s: %ld games, %ld plies, %ld engine moves\n", std::string(id).c_str(), w.games,
              w.plies, w.engine_moves);
  return w;
}

class EngineLegalGames : public testing::TestWithParam<const char*> {};

TEST_P(EngineLegalGames, EveryEngineMoveIsLegal) {
  const Work w = play_many(GetParam(), 2000, 160, std::chrono::seconds(10));
  // The floor of work done in the time, low enough for a loaded two-core machine: shogi's
  // long games are the slowest (38 to 144 games in 40 s there, so about a quarter in 10 s);
  // dog-cat plays hundreds.
  EXPECT_GE(w.games, 5);
  EXPECT_GE(w.engine_moves, 750);
}

INSTANTIATE_TEST_SUITE_P(Families, EngineLegalGames,
                         testing::Values("shogi", "minishogi", "dogcat", "hasami", "chess",
                                         "reversi"));

// The fairy variants, a shorter run each: they share one search node and evaluation, and
// differ in their rules (board sizes, pieces, promotions, extinction, flags, counting).
class EngineLegalFairyGames : public testing::TestWithParam<const char*> {};

TEST_P(EngineLegalFairyGames, EveryEngineMoveIsLegal) {
  const Work w = play_many(GetParam(), 2000, 160, std::chrono::seconds(3));
  EXPECT_GE(w.games, 2);
  EXPECT_GE(w.engine_moves, 150);
}

INSTANTIATE_TEST_SUITE_P(Variants, EngineLegalFairyGames,
                         testing::Values("chess960", "capablanca", "gothic", "embassy", "janus",
                                         "grand", "almost", "shatranj", "makruk", "knightmate",
                                         "amazon", "kingofthehill"));

}  // namespace
