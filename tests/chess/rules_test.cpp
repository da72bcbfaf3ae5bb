// Every rule of the spec: castling conditions, en passant, promotion, check, and each way a
// game ends (reason codes as the spec names them), including flag falls.
#include <gtest/gtest.h>

#include "test_util.h"

namespace banmen::chess {
namespace {

using test::game_from;
using test::has_move;
using test::play;

TEST(ChessRules, CastlingBothWaysWhenAllowed) {
  auto g = game_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_TRUE(has_move(*g, "e1g1"));
  EXPECT_TRUE(has_move(*g, "e1c1"));
  play(*g, {"e1g1"});
  EXPECT_EQ(g->position(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  play(*g, {"e8c8"});
  EXPECT_EQ(g->position(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

TEST(ChessRules, CastlingConditions) {
  // A piece between king and rook (b1 counts for the long castling).
  EXPECT_FALSE(has_move(*game_from("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), "e1c1"));
  // Passing through or landing on an attacked square; b1 attacked does not matter.
  auto g = game_from("1r2k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_FALSE(has_move(*g, "e1g1"));
  EXPECT_TRUE(has_move(*g, "e1c1"));
  EXPECT_FALSE(has_move(*game_from("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1c1"));
  // Not out of check.
  g = game_from("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_FALSE(has_move(*g, "e1g1"));
  EXPECT_FALSE(has_move(*g, "e1c1"));
  // Not without the right: the king or the rook has moved, or the rook was captured.
  g = game_from("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  play(*g, {"h1h2", "e8e7", "h2h1", "e7e8"});
  EXPECT_FALSE(has_move(*g, "e1g1"));
  EXPECT_TRUE(has_move(*g, "e1c1"));
  play(*g, {"e1d1", "e8e7", "d1e1", "e7e8"});
  EXPECT_FALSE(has_move(*g, "e1c1"));
  g = game_from("4k3/8/8/8/8/8/6b1/R3K2R b KQ - 0 1");
  play(*g, {"g2h1"});
  EXPECT_EQ(g->position(), "4k3/8/8/8/8/8/8/R3K2b w Q - 0 2");
}

TEST(ChessRules, EnPassantOnlyRightAfterTheDoubleStepAndOnlyWhenLegal) {
  auto g = game_from("4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1");
  play(*g, {"e7e5"});
  EXPECT_EQ(g->position(), "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2");
  EXPECT_TRUE(has_move(*g, "d5e6"));
  play(*g, {"d5e6"});
  EXPECT_EQ(g->position(), "4k3/8/4P3/8/8/8/8/4K3 b - - 0 2");
  // One move later the right is gone.
  g = game_from("4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1");
  play(*g, {"e7e5", "e1e2", "e8e7"});
  EXPECT_FALSE(has_move(*g, "d5e6"));
  // Illegal when it would expose the king along the rank.
  EXPECT_FALSE(has_move(*game_from("8/8/8/KPp4r/8/8/8/7k w - c6 0 1"), "b5c6"));
  // Legal when it removes the checking pawn.
  EXPECT_TRUE(has_move(*game_from("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"), "e4d3"));
}

TEST(ChessRules, PromotionToEachPiece) {
  auto g = game_from("8/P7/8/8/8/8/8/k6K w - - 0 1");
  for (const char* m : {"a7a8q", "a7a8r", "a7a8b", "a7a8n"}) EXPECT_TRUE(has_move(*g, m)) << m;
  EXPECT_FALSE(has_move(*g, "a7a8"));
  EXPECT_FALSE(has_move(*g, "a7a8k"));
  play(*g, {"a7a8n"});
  EXPECT_EQ(g->position(), "N7/8/8/8/8/8/8/k6K b - - 0 1");
}

TEST(ChessRules, MayNotLeaveTheKingAttacked) {
  auto g = game_from("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");  // in check on the e-file
  EXPECT_TRUE(g->in_check());
  EXPECT_FALSE(has_move(*g, "e8e7"));
  g = game_from("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");  // bishop pinned on the e-file
  EXPECT_FALSE(has_move(*g, "e2d3"));
  auto r = g->apply("e2d3");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, errc::illegal_move);
}

TEST(ChessRules, Checkmate) {
  auto g = game_from();
  play(*g, {"f2f3", "e7e5", "g2g4", "d8h4"});
  EXPECT_EQ(g->outcome(), Outcome::win(1, "checkmate"));
  EXPECT_TRUE(g->legal_moves().empty());
  EXPECT_EQ(g->apply("e2e4").error().code, errc::game_over);
}

TEST(ChessRules, Stalemate) {
  auto g = game_from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_EQ(g->outcome(), Outcome::draw("stalemate"));
  g = game_from("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
  play(*g, {"f1f7"});
  EXPECT_EQ(g->outcome(), Outcome::draw("stalemate"));
}

TEST(ChessRules, ThreefoldRepetition) {
  auto g = game_from();
  play(*g, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
  EXPECT_FALSE(g->over());
  play(*g, {"f6g8"});
  EXPECT_EQ(g->outcome(), Outcome::draw("repetition"));
}

TEST(ChessRules, RepetitionCountsEnPassantOnlyWhenPossible) {
  // After e2e4 black could take en passant; the same placement later (plies 5 and 9)
  // cannot, so ply 9 is only its second occurrence. Ply 10 repeats ply 2 and 6.
  auto g = game_from("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  play(*g, {"e2e4", "e8d8", "e1d1", "d8e8", "d1e1", "e8d8", "e1d1", "d8e8", "d1e1"});
  EXPECT_FALSE(g->over());
  play(*g, {"e8d8"});
  EXPECT_EQ(g->outcome(), Outcome::draw("repetition"));
}

TEST(ChessRules, FiftyMoves) {
  auto g = game_from("7k/8/8/8/8/8/R7/4K3 w - - 99 80");
  EXPECT_FALSE(g->over());
  play(*g, {"e1e2"});
  EXPECT_EQ(g->outcome(), Outcome::draw("fifty_moves"));
  // A mate on the hundredth half-move is still a mate.
  g = game_from("6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80");
  play(*g, {"a1a8"});
  EXPECT_EQ(g->outcome(), Outcome::win(0, "checkmate"));
  // A capture or pawn move resets the count.
  g = game_from("7k/8/8/8/8/8/P7/4K3 w - - 99 80");
  play(*g, {"a2a3"});
  EXPECT_FALSE(g->over());
}

TEST(ChessRules, InsufficientMaterial) {
  const char* drawn[] = {
      "8/8/8/8/8/8/8/k6K w - - 0 1",        // K v K
      "8/8/8/8/8/8/8/k1N4K w - - 0 1",      // K+N v K
      "8/8/8/8/8/8/8/k1b4K w - - 0 1",      // K+B v K
      "5b2/8/8/8/8/8/8/k1B4K w - - 0 1",    // bishops on one colour
      "5b2/8/8/8/8/8/8/k1B1B2K w - - 0 1",  // more bishops, still one colour
  };
  for (const char* fen : drawn)
    EXPECT_EQ(game_from(fen)->outcome(), Outcome::draw("insufficient_material")) << fen;
  const char* playable[] = {
      "2b5/8/8/8/8/8/8/k1B4K w - - 0 1",  // bishops on both colours
      "8/8/8/8/8/8/8/k1NN3K w - - 0 1",   // two knights
      "8/8/8/8/8/8/8/k1Nb3K w - - 0 1",   // knight and bishop
      "8/8/8/8/8/8/P7/k6K w - - 0 1",     // a pawn
      "8/8/8/8/8/8/6R1/k6K w - - 0 1",    // a rook
  };
  for (const char* fen : playable) EXPECT_FALSE(game_from(fen)->over()) << fen;
  auto g = game_from("8/8/8/8/8/8/1q6/k6K b - - 0 1");
  play(*g, {"b2b3", "h1g1", "b3b2", "g1h1"});
  EXPECT_FALSE(g->over());
  g = game_from("8/8/8/8/8/8/1r6/k6K b - - 0 1");
  play(*g, {"b2b1", "h1g2", "b1g1"});
  EXPECT_FALSE(g->over());
  play(*g, {"g2g1"});
  EXPECT_EQ(g->outcome(), Outcome::draw("insufficient_material"));
}

TEST(ChessRules, TimeoutIsADrawWhenTheOpponentCannotMate) {
  struct Case {
    const char* fen;
    int flagged;
    Outcome expected;
  } cases[] = {
      {"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", 1, Outcome::win(0, "timeout")},
      {"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", 0, Outcome::draw("insufficient_material")},
      {"4k3/8/8/8/8/8/r7/N3K3 w - - 0 1", 1, Outcome::win(0, "timeout")},  // N v R: helpmate
      {"4k3/8/8/8/8/8/q7/N3K3 w - - 0 1", 1, Outcome::draw("insufficient_material")},
      {"4k3/8/8/8/8/8/p7/B3K3 w - - 0 1", 1, Outcome::win(0, "timeout")},  // B v P
      {"4k3/8/8/8/8/8/r7/B3K3 w - - 0 1", 1, Outcome::draw("insufficient_material")},
      {"4k3/8/8/8/8/8/1b6/B3K3 w - - 0 1", 1, Outcome::draw("insufficient_material")},
      {"4k3/8/8/8/8/8/b7/B3K3 w - - 0 1", 1, Outcome::win(0, "timeout")},  // both colours
      {"4k3/8/8/8/8/8/8/NN2K3 w - - 0 1", 1, Outcome::win(0, "timeout")},
  };
  for (const auto& c : cases)
    EXPECT_EQ(game_from(c.fen)->timeout_outcome(c.flagged), c.expected)
        << c.fen << " flag " << c.flagged;
}

}  // namespace
}  // namespace banmen::chess
