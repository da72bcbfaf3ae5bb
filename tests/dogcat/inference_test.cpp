// The candidate flags against a brute-force model of the opponent's knowledge: over many
// random games, at every ply and for each side, "this side has a king candidate on the
// board" equals "some assignment of hidden types that fits every move the opponent saw
// puts the king on the board". Per piece, the flag may be broader than the model (it is
// the piece's own history), but never narrower.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "knowledge_model.h"
#include "test_util.h"

namespace dogcat_test {
namespace {

using banmen::Viewer;

bool has_candidate(const PublicView& v, int side) {
  for (const Cell& c : v.board)
    if (c.occupied && c.side == side && c.candidate) return true;
  return false;
}

TEST(DogcatInference, SideLevelAnswerEqualsBruteForce) {
  std::mt19937 rng(20261121);
  int plies = 0, rich = 0;
  for (int game_no = 0; game_no < 400; ++game_no) {
    auto g = new_game();
    KnowledgeModel model[2] = {KnowledgeModel(0), KnowledgeModel(1)};
    for (int ply = 0; ply < 120 && !g->over(); ++ply) {
      const std::string before = g->view(Viewer::spectator);
      ASSERT_TRUE(g->apply(random_move(*g, rng)).ok());
      if (g->over()) break;  // everything is revealed; nothing left to infer
      const std::string move = g->notation(std::size_t(ply), Viewer::spectator);
      const std::string after = g->view(Viewer::spectator);
      const PublicView v = read_view(after);
      for (int side : {0, 1}) {
        model[side].observe(ply, before, move, after);
        ASSERT_FALSE(::testing::Test::HasFatalFailure());
        const auto fitting = model[side].fitting();
        ASSERT_FALSE(fitting.empty()) << "the true assignment always fits; game " << game_no;
        ASSERT_EQ(has_candidate(v, side), model[side].king_may_be_on_board())
            << "game " << game_no << " ply " << ply << " side " << side << "\n"
            << g->position();
        // Per piece: a piece the model allows to be the king carries the flag.
        const auto squares = model[side].hidden_on_board();
        for (const auto& a : fitting) {
          for (const auto& [drop_ply, type] : a) {
            if (type != 'K') continue;
            ASSERT_TRUE(v.board[squares.at(drop_ply)].candidate) << g->position();
          }
        }
        if (fitting.size() > 1 && model[side].hidden_on_board().size() > 2) ++rich;
      }
      ++plies;
    }
  }
  std::printf("inference: %d plies checked, %d with several fitting assignments\n", plies, rich);
  // The games must reach positions where the question is not trivial.
  EXPECT_GT(plies, 5000);
  EXPECT_GT(rich, 1000);
}

}  // namespace
}  // namespace dogcat_test
