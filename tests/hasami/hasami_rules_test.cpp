// Moves, the end rules and the position codec of hasami shogi, as the spec states them.
#include <gtest/gtest.h>

#include "hasami_test_util.h"

namespace {

using namespace hasami_test;
using Ranks = std::vector<std::string>;

TEST(HasamiRules, StartsFromTheSpecPositionWithRookMovesOnly) {
  auto g = make();
  ASSERT_TRUE(g);
  EXPECT_EQ(g->position(), kStart);
  auto moves = g->legal_moves();
  EXPECT_EQ(moves.size(), 63u);  // nine pieces, seven squares up each file
  EXPECT_NE(std::find(moves.begin(), moves.end(), "9i9b"), moves.end());
  EXPECT_EQ(std::find(moves.begin(), moves.end(), "9i9a"), moves.end());  // no landing on a piece
  ASSERT_TRUE(g->apply("7i7c").ok());
  EXPECT_EQ(g->position(), "ppppppppp/9/2P6/9/9/9/9/9/PP1PPPPPP w - 2");
  EXPECT_EQ(g->notation(0, banmen::Viewer::seat1), "7i7c");
}

TEST(HasamiRules, NoJumpingNoDiagonalsNoPassing) {
  auto g = make(picture({"ppppppp..", e, e, e, "P.p......", e, e, e, "PPPPPPPP."}, 'b'));
  for (const char* bad : {"9e6e", "9e7e", "9e8d", "pass", "1i1i", "9e", "9e8e "}) {
    auto r = g->apply(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().code, banmen::errc::illegal_move) << bad;
  }
  EXPECT_TRUE(g->apply("9e8e").ok());
}

TEST(HasamiRules, FiveCapturesWin) {
  // White has five pieces left: black has taken four and takes the fifth.
  auto g = make(
      picture({"pppp.....", e, e, "........P", "....p....", "....P....", e, e, "PPPPP...."}, 'b'));
  ASSERT_FALSE(g->over());
  ASSERT_TRUE(g->apply("1d5d").ok());
  EXPECT_EQ(status(*g), "b captures");
  EXPECT_TRUE(g->legal_moves().empty());
}

TEST(HasamiRules, ALeadOfThreeWinsWhenItsOwnersTurnComes) {
  const std::string pos =
      picture({"pppppp...", e, e, "........P", "....p....", "....P....", e, e, "PPPPPPP.."}, 'b');
  auto g = make(pos);
  ASSERT_TRUE(g->apply("1d5d").ok());  // black 3, white 0: white may still answer
  EXPECT_EQ(status(*g), "ongoing");
  ASSERT_TRUE(g->apply("9a9b").ok());  // a quiet answer: black's turn with a lead of three
  EXPECT_EQ(status(*g), "b captures");

  // An answer that captures cuts the lead, and play goes on.
  auto h = make(picture({"ppppp....", "P........", "p........", "........P", "....p....",
                         "....P....", e, e, "PPPPPP..."},
                        'b'));
  ASSERT_TRUE(h->apply("1d5d").ok());  // black 3, white 0
  ASSERT_TRUE(h->apply("8a8b").ok());  // 9b shut in against the edge: black 3, white 1
  EXPECT_EQ(h->position(), picture({"p.ppp....", ".p.......", "p........", "....P....", e,
                                    "....P....", e, e, "PPPPPP..."},
                                   'b', 3));
  EXPECT_EQ(status(*h), "ongoing");
}

TEST(HasamiRules, FourfoldRepetitionDraws) {
  auto g = make();
  const char* cycle[] = {"9i9h", "9a9b", "9h9i", "9b9a"};
  for (int ply = 0; ply < 12; ++ply) {
    EXPECT_FALSE(g->over()) << ply;
    ASSERT_TRUE(g->apply(cycle[ply % 4]).ok()) << ply;
  }
  EXPECT_EQ(status(*g), "draw repetition");
  EXPECT_EQ(g->perft(1), 0u);
}

TEST(HasamiRules, ThePlyLimitEndsTheGameOnCaptures) {
  auto g = make("ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 300");
  ASSERT_TRUE(g->apply("9i9h").ok());
  EXPECT_EQ(status(*g), "draw move_limit");
  auto h = make(picture({"pppppppp.", e, e, e, e, e, e, e, "PPPPPPPPP"}, 'w', 301));
  EXPECT_EQ(status(*h), "b move_limit");
}

TEST(HasamiRules, NoLegalMoveLoses) {
  auto g = make(picture({"PPPPPp...", "ppppp....", e, e, e, e, e, e, e}, 'b'));
  ASSERT_TRUE(g);
  EXPECT_EQ(status(*g), "w no_legal_moves");
  EXPECT_EQ(g->perft(1), 0u);
}

TEST(HasamiRules, MalformedPositionsAreRejectedWithAReason) {
  for (const char* bad : {
           "?",
           "ppppppppp/9/9/9/9/9/9/9 b - 1",              // eight ranks
           "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP/9 b - 1",  // ten ranks
           "pppppppppp/9/9/9/9/9/9/9/PPPPPPPP b - 1",    // ten squares on a rank
           "ppppppppp/9/9/9/9/9/9/9/PPPPPPPP b - 1",     // eight squares on a rank
           "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPK b - 1",    // a piece hasami has not
           "ppppppppp/9/9/9/9/9/9/P8/PPPPPPPPP b - 1",   // ten black pieces
           "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP x - 1",
           "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b P 1",
           "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 0",
           "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 01",
           "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 302",
           "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 99999999999999999999",
           "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1 ",
           "ppppppppp/45/9/9/9/9/9/9/PPPPPPPPP b - 1",
       }) {
    auto r = banmen::create_game("hasami", bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().code, banmen::errc::bad_position) << bad;
    EXPECT_NE(r.error().message.find("hasami shogi position"), std::string::npos);
  }
  EXPECT_TRUE(banmen::create_game("hasami", "9/9/9/9/9/9/9/9/9 w - 301").ok());
}

}  // namespace
