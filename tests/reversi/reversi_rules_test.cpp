// The reversi rules as the spec states them: placement, flips, passes, the end, the codec.
#include <gtest/gtest.h>

#include "naive_reversi.h"
#include "reversi_test_util.h"

namespace {

using namespace reversi_test;
using banmen::errc::bad_position;

TEST(ReversiRules, StartsFromTheSpecPositionWithFourMoves) {
  auto g = make();
  ASSERT_TRUE(g);
  EXPECT_EQ(g->position(), kStart);
  EXPECT_EQ(g->initial_position(), kStart);
  EXPECT_EQ(g->to_move(), 0);
  EXPECT_EQ(sorted(g->legal_moves()), (std::vector<std::string>{"c4", "d3", "e6", "f5"}));
}

TEST(ReversiRules, APlacementFlipsTheLineItCloses) {
  auto g = make();
  ASSERT_TRUE(g->apply("d3").ok());
  // d4 turns black; black to move no more.
  EXPECT_EQ(g->position(), "-------------------X-------XX------XO--------------------------- O");
  EXPECT_EQ(g->notation(0, banmen::Viewer::spectator), "d3");
  EXPECT_EQ(g->history_size(), 1u);
}

TEST(ReversiRules, FlipsInAllEightDirectionsAtOnce) {
  auto g = make(picture({"X--X--X-",  //
                         "-O-O-O--",  //
                         "--OOO---",  //
                         "XOO-OOX-",  //
                         "--OOO---",  //
                         "-O-O-O--",  //
                         "X--X--X-",  //
                         "--------"},
                        'X'));
  ASSERT_TRUE(g);
  ASSERT_TRUE(g->apply("d4").ok());
  EXPECT_EQ(g->position(), picture({"X--X--X-",  //
                                    "-X-X-X--",  //
                                    "--XXX---",  //
                                    "XXXXXXX-",  //
                                    "--XXX---",  //
                                    "-X-X-X--",  //
                                    "X--X--X-",  //
                                    "--------"},
                                   'O'));
}

TEST(ReversiRules, NoPlacementWithoutAFlipAndNoWrapAroundTheEdge) {
  // h1 white, a2 black: a wrap from h1 to a2 would be a bug; g1 white is not closed.
  auto g = make(picture({"------OO", "X-------", "--------", "--------", "--------", "--------",
                         "--------", "--------"},
                        'X'));
  ASSERT_TRUE(g);
  // Black has no placement, white has none either: the game is over.
  EXPECT_TRUE(g->over());
  EXPECT_TRUE(g->legal_moves().empty());
  EXPECT_EQ(status(*g), "O disc_count");
}

TEST(ReversiRules, PassIsForcedAndOnlyLegalWhenForced) {
  const std::string pos = picture({"OX------", "--------", "--------", "--------", "--------",
                                   "--------", "--------", "--------"},
                                  'X');
  auto g = make(pos);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->legal_moves(), std::vector<std::string>{"pass"});
  ASSERT_TRUE(g->apply("pass").ok());
  EXPECT_EQ(g->to_move(), 1);
  EXPECT_EQ(g->legal_moves(), std::vector<std::string>{"c1"});
  auto start = make();
  auto r = start->apply("pass");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, banmen::errc::illegal_move);
}

TEST(ReversiRules, TheGameEndsWhenNeitherSideCanMove) {
  auto g = make(picture({"OX------", "--------", "--------", "--------", "--------", "--------",
                         "--------", "--------"},
                        'X'));
  ASSERT_TRUE(g->apply("pass").ok());
  ASSERT_TRUE(g->apply("c1").ok());
  EXPECT_TRUE(g->over());
  EXPECT_EQ(status(*g), "O disc_count");
  EXPECT_EQ(g->apply("d1").error().code, banmen::errc::game_over);
}

TEST(ReversiRules, AFullBoardWithEqualDiscsIsADraw) {
  std::string board;
  for (int i = 0; i < 64; ++i) board += (i / 8) % 2 ? 'O' : 'X';
  auto g = make(board + " O");
  ASSERT_TRUE(g);
  EXPECT_EQ(status(*g), "draw disc_count");
}

TEST(ReversiRules, MalformedPositionsAreRejectedWithAReason) {
  const std::string good(kStart);
  std::string lowercase = good, newline = good;
  lowercase[0] = 'x';
  newline[10] = '\n';
  for (const std::string& bad :
       {std::string(""), good.substr(0, 65), good + " ", good.substr(0, 64) + " x",
        good.substr(0, 64) + "-X", lowercase, newline}) {
    auto r = banmen::create_game("reversi", bad.empty() ? std::string("?") : bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().code, bad_position) << bad;
    EXPECT_NE(r.error().message.find("reversi position"), std::string::npos);
  }
}

TEST(ReversiRules, MovesThatDoNotParseOrAreNotLegalAreRefused) {
  auto g = make();
  for (const char* m : {"", "d", "D3", "i1", "a9", "d3 ", "pass", "e4"}) {
    auto r = g->apply(m);
    ASSERT_FALSE(r.ok()) << m;
    EXPECT_EQ(r.error().code, banmen::errc::illegal_move) << m;
  }
  EXPECT_EQ(g->position(), kStart);
}

// perft on positions where passes happen and where the game ends inside the tree; the
// expected numbers are counted by hand and by the naive model.
TEST(ReversiPerft, CountsAForcedPassAsOneMoveAndStopsAtTheEnd) {
  const std::string pos = picture({"OX------", "--------", "--------", "--------", "--------",
                                   "--------", "--------", "--------"},
                                  'X');
  auto g = make(pos);
  EXPECT_EQ(g->perft(0), 1u);
  EXPECT_EQ(g->perft(1), 1u);  // pass
  EXPECT_EQ(g->perft(2), 1u);  // pass c1
  EXPECT_EQ(g->perft(3), 0u);  // the game is over after c1
  auto divide = g->perft_divide(2);
  ASSERT_EQ(divide.size(), 1u);
  EXPECT_EQ(divide[0].first, "pass");
}

TEST(ReversiPerft, AFinishedGameHasNoMoves) {
  auto g = make(picture({"XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "OOOOOOOO", "OOOOOOOO",
                         "OOOOOOOO", "OOOOOOO-"},
                        'O'));
  // h8: white cannot place (no black line ends in white), black can: white passes, black
  // fills the board, game over.
  EXPECT_EQ(g->perft(1), naive_reversi::perft(naive_reversi::Board::from_text(g->position()), 1));
  for (int d = 0; d <= 4; ++d)
    EXPECT_EQ(g->perft(d), naive_reversi::perft(naive_reversi::Board::from_text(g->position()), d))
        << d;
  EXPECT_EQ(g->perft(3), 0u);
}

TEST(ReversiPerft, AResignedGameHasNoMoves) {
  auto g = make();
  g->finish(banmen::Outcome::win(1, "resignation"));
  EXPECT_EQ(g->perft(0), 1u);
  EXPECT_EQ(g->perft(3), 0u);
  EXPECT_TRUE(g->legal_moves().empty());
}

}  // namespace
