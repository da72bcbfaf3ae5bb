// Chess through the seam and the registry: creation, views, clones, errors.
#include <gtest/gtest.h>

#include "test_util.h"

namespace banmen::chess {
namespace {

TEST(ChessGame, CreatesFromStartOrFen) {
  auto g = test::game_from();
  EXPECT_EQ(g->info().id, "chess");
  EXPECT_EQ(g->position(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(g->to_move(), 0);
  EXPECT_EQ(g->legal_moves().size(), 20u);
  auto bad = create_game("chess", "not a fen");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, errc::bad_position);
}

TEST(ChessGame, ViewsAreThePositionAndClonesAreIndependent) {
  auto g = test::game_from();
  test::play(*g, {"e2e4"});
  EXPECT_EQ(g->to_move(), 1);
  for (Viewer v : {Viewer::seat0, Viewer::seat1, Viewer::spectator})
    EXPECT_EQ(g->view(v), g->position());
  auto c = g->clone();
  test::play(*c, {"e7e5"});
  EXPECT_EQ(g->history_size(), 1u);
  EXPECT_EQ(c->history_size(), 2u);
  EXPECT_EQ(c->initial_position(), g->initial_position());
}

TEST(ChessGame, ApplyErrors) {
  auto g = test::game_from();
  EXPECT_EQ(g->apply("e2e5").error().code, errc::illegal_move);
  EXPECT_EQ(g->apply("hello").error().code, errc::illegal_move);
  g->finish(Outcome::win(1, "resignation"));
  EXPECT_TRUE(g->legal_moves().empty());
  EXPECT_EQ(g->perft(1), 0u);
  EXPECT_EQ(g->apply("e2e4").error().code, errc::game_over);
  EXPECT_EQ(g->declare_win().error().code, errc::unsupported);
}

TEST(ChessGame, InCheckForDisplay) {
  auto g = test::game_from();
  test::play(*g, {"e2e4", "f7f6", "d1h5"});
  EXPECT_TRUE(g->in_check());
  EXPECT_FALSE(g->over());
}

}  // namespace
}  // namespace banmen::chess
