// The engine plays dog-cat without seeing the opponent's hidden types. Over random games,
// at each turn of the observer, the opponent's hidden types are swapped in every way that
// fits what the observer saw (tests/dogcat/knowledge_model.h) and the game replayed: the
// engine's move for the observer must be the same in every such world. The control: an
// engine handed the true position instead of the seat's view does change its moves
// between those worlds, so the check can fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include "engine/engine.h"
#include "knowledge_model.h"
#include "test_util.h"

namespace {

using banmen::Game;
using banmen::Viewer;
using dogcat_test::Assignment;
using dogcat_test::KnowledgeModel;

banmen::GamePtr replay(const Game& real, int subject, const Assignment& assignment) {
  auto g = dogcat_test::new_game();
  for (std::size_t ply = 0; ply < real.history_size(); ++ply) {
    std::string m = real.notation(ply, Viewer::referee);
    auto it = assignment.find(int(ply));
    if (int(ply % 2) == subject && it != assignment.end() && m.starts_with('?')) m[1] = it->second;
    if (!g->apply(m).ok()) return nullptr;
  }
  return g;
}

TEST(EngineDogcatNonInterference, MovesDoNotDependOnTheOpponentsHiddenTypes) {
  std::mt19937 rng(24);
  long compared = 0, other_truth = 0, peeking_differs = 0;
  banmen::engine::EngineRequest request;
  // A node limit well inside level 8's ten seconds, even under the sanitizers, so the
  // node limit, not the clock, ends every search and runs repeat exactly.
  request.level = 8;
  request.max_nodes = 4000;
  for (int game_no = 0; game_no < 8; ++game_no) {
    auto g = dogcat_test::new_game();
    KnowledgeModel model[2] = {KnowledgeModel(0), KnowledgeModel(1)};
    for (int ply = 0; ply < 30 && !g->over(); ++ply) {
      const std::string before = g->view(Viewer::spectator);
      ASSERT_TRUE(g->apply(dogcat_test::random_move(*g, rng)).ok());
      if (g->over()) break;
      const std::string move = g->notation(std::size_t(ply), Viewer::spectator);
      const std::string after = g->view(Viewer::spectator);
      for (int subject : {0, 1}) model[subject].observe(ply, before, move, after);
      const int observer = g->to_move(), subject = 1 - observer;
      auto fitting = model[subject].fitting();
      std::shuffle(fitting.begin(), fitting.end(), rng);
      if (fitting.size() > 3) fitting.resize(3);
      request.seed = rng();
      const Viewer seat = banmen::seat_viewer(observer);
      auto want = banmen::engine::think(*g, seat, request);
      ASSERT_TRUE(want.ok()) << want.error().message;
      auto peek = banmen::engine::think_dogcat_text(g->position(), seat, request);
      ASSERT_TRUE(peek.ok()) << peek.error().message;
      for (const auto& a : fitting) {
        auto alt = replay(*g, subject, a);
        ASSERT_TRUE(alt);
        auto got = banmen::engine::think(*alt, seat, request);
        ASSERT_TRUE(got.ok());
        ASSERT_EQ(got->move, want->move) << g->position() << "\n" << alt->position();
        ASSERT_EQ(got->score, want->score);
        ++compared;
        if (alt->position() == g->position()) continue;
        ++other_truth;
        auto peek_alt = banmen::engine::think_dogcat_text(alt->position(), seat, request);
        ASSERT_TRUE(peek_alt.ok());
        if (peek_alt->move != peek->move || peek_alt->score != peek->score) ++peeking_differs;
      }
    }
  }
  std::printf(
      "%ld worlds compared, %ld with other hidden types; a peeking engine differed in %ld\n",
      compared, other_truth, peeking_differs);
  EXPECT_GT(other_truth, 50);
  EXPECT_GT(peeking_differs, 10);
}

}  // namespace
