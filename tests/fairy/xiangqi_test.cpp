// Xiangqi's family and the hoppers of Fairy-Stockfish's catalogue (minixiangqi, xiangqi,
// manchu, grasshopper): perft against Fairy-Stockfish's own counts (`go perft N` after
// `setoption name UCI_Variant value X`, from its start positions and from positions of
// random games and hand-made ones), and each rule on its own: the palace and the river
// (mobility regions), the soldier across the river, the flying general, the cannon's screen
// and the loss by perpetual check.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>

#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::catalogue_game;
using test::catalogue_rules;
using test::lists;
using test::PerftCase;
using test::sorted_moves;

// Depth 3 here (under the sanitizers); depth 4 of the starts in perft_deep_test.cpp.
constexpr PerftCase xiangqi_cases[] = {
    {"xiangqi", "", 3, 79666},
    {"minixiangqi", "", 3, 6664},
    {"manchu", "", 3, 17648},
    {"grasshopper", "", 3, 22314},
    // Positions of random games.
    {"xiangqi", "rnba1ab2/4k2r1/4c1c1n/p3p1p1p/2p6/2P6/P3P1P1P/4C3N/5R3/RNBAKAB2 w - - 6 13", 3,
     50734},
    {"xiangqi", "3akab2/7r1/b5cr1/4pn2p/3C5/P1Pn4P/4PRpc1/N3R2C1/4A4/2B1KABN1 w - - 17 31", 3,
     81233},
    {"minixiangqi", "2nknr1/2ppp1p/prc4/7/2P4/P1P1P1P/R1NKNCR w - - 6 9", 4, 251175},
    {"manchu", "r1ba1a1nr/5k3/nc7/p1p1p3p/2b2Pp2/8P/P3P1P2/5A3/4K4/2B2AB2 w - - 3 16", 3, 7180},
    {"grasshopper",
     "rnbqk1nr/1gggg1bg/p1ppppp1/g2GP2p/2pG2GP/PPPPP1P1/GG1G3G/RNBQKBNR w KQkq - 0 11", 3, 52606},
    // A rook between the kings may leave their file only to its own king's loss.
    {"xiangqi", "4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", 3, 290},
    // A cannon behind a screen, an advisor in the palace.
    {"xiangqi", "4k4/9/4c4/9/9/9/9/4P4/9/3AK4 w - - 0 1", 3, 135},
    // Soldiers across the river step sideways.
    {"xiangqi", "3k5/9/9/2P1P4/9/9/9/9/9/4K4 w - - 0 1", 4, 229},
    {"xiangqi", "3k5/4a4/4c4/9/2p1p4/4P4/9/2C6/4A4/4K4 b - - 0 1", 4, 97613},
};

TEST(FairyXiangqi, PerftEqualsFairyStockfish) {
  test::expect_catalogue_perft(xiangqi_cases);
}

TEST(FairyXiangqi, PalaceRiverAndSoldier) {
  // The general keeps to its palace, the advisor to its diagonals there, the elephant to
  // its own side of the river.
  auto moves = sorted_moves("xiangqi", "3k5/9/9/9/9/9/9/4B4/9/3AK4 w - - 0 1");
  EXPECT_FALSE(lists(moves, "d1c2"));  // out of the palace
  EXPECT_TRUE(lists(moves, "d1e2"));
  EXPECT_TRUE(lists(moves, "e3g5"));  // elephants: two steps diagonally ...
  auto river = sorted_moves("xiangqi", "3k5/9/9/9/9/4B4/9/9/9/4K4 w - - 0 1");
  EXPECT_FALSE(lists(river, "e5c7"));  // ... never across the river
  EXPECT_TRUE(lists(river, "e5c3"));
  // A soldier steps forward only, until it has crossed the river.
  auto soldiers = sorted_moves("xiangqi", "3k5/9/9/9/2P6/6P2/9/9/9/4K4 w - - 0 1");
  EXPECT_TRUE(lists(soldiers, "c6b6"));
  EXPECT_TRUE(lists(soldiers, "c6c7"));
  EXPECT_FALSE(lists(soldiers, "g5f5"));
  EXPECT_TRUE(lists(soldiers, "g5g6"));
  EXPECT_FALSE(lists(soldiers, "c6c5"));  // never back
}

TEST(FairyXiangqi, FlyingGeneralAndCannonScreen) {
  // The rook between the two generals may not leave their file.
  auto pinned = sorted_moves("xiangqi", "4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
  EXPECT_FALSE(lists(pinned, "e2a2"));
  EXPECT_TRUE(lists(pinned, "e2e9"));
  // Nor may a general step onto an open file facing the other.
  auto facing = sorted_moves("xiangqi", "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  EXPECT_FALSE(lists(facing, "d1e1"));
  // A cannon gives check over exactly one screen; a second piece between blocks it.
  Position pos =
      test::position_of(catalogue_rules("xiangqi"), "4k4/9/4c4/9/9/9/9/4P4/9/3AK4 w - - 0 1");
  EXPECT_TRUE(pos.in_check());
  Position blocked =
      test::position_of(catalogue_rules("xiangqi"), "4k4/9/4c4/9/4p4/9/9/4P4/9/3AK4 w - - 0 1");
  EXPECT_FALSE(blocked.in_check());
  // Captures by the cannon go over the screen only.
  auto cannon = sorted_moves("xiangqi", "4k4/9/9/9/9/9/9/C1r1r4/9/3K5 w - - 0 1");
  EXPECT_FALSE(lists(cannon, "a3c3"));
  EXPECT_TRUE(lists(cannon, "a3e3"));
  EXPECT_TRUE(lists(cannon, "a3b3"));
}

TEST(FairyXiangqi, StalemateAndPerpetualCheckLose) {
  // White checks on every move; the third time the position comes round, White loses.
  auto g = create_fairy_game(named_variant("xiangqi"), "3k5/9/9/9/9/R8/9/9/9/5K3 w - - 0 1");
  ASSERT_TRUE(g.ok());
  for (const char* m :
       {"a5d5", "d10e10", "d5e5", "e10d10", "e5d5", "d10e10", "d5e5", "e10d10", "e5d5"}) {
    EXPECT_FALSE((*g)->over()) << m;
    ASSERT_TRUE((*g)->apply(m).ok()) << m;
  }
  EXPECT_EQ((*g)->outcome(), Outcome::win(1, "perpetual_check"));
  // The same shuffle without checks is an ordinary repetition, a draw.
  auto quiet = create_fairy_game(named_variant("xiangqi"), "3k5/9/9/9/9/R8/9/9/9/5K3 w - - 0 1");
  ASSERT_TRUE(quiet.ok());
  for (const char* m : {"a5a4", "d10e10", "a4a5", "e10d10", "a5a4", "d10e10", "a4a5", "e10d10"}) {
    ASSERT_TRUE((*quiet)->apply(m).ok()) << m;
  }
  EXPECT_EQ((*quiet)->outcome(), Outcome::draw("repetition"));
  // A side with no move loses, in check or not.
  auto stale = create_fairy_game(named_variant("xiangqi"), "3k5/R8/9/9/9/4R4/9/9/9/5K3 b - - 0 1");
  ASSERT_TRUE(stale.ok());
  EXPECT_EQ((*stale)->outcome(), Outcome::win(0, "stalemate"));
}

// Plays `moves` from `fen` in xiangqi, the game going on until the last.
GamePtr xiangqi_after(const char* fen, std::initializer_list<const char*> moves) {
  auto g = create_fairy_game(named_variant("xiangqi"), fen);
  EXPECT_TRUE(g.ok());
  if (!g.ok()) return nullptr;
  for (const char* m : moves) {
    EXPECT_FALSE((*g)->over()) << m;
    EXPECT_TRUE((*g)->apply(m).ok()) << m;
  }
  return std::move(*g);
}

TEST(FairyXiangqi, ChasingAnUnprotectedPieceLoses) {
  // White's rook attacks the black horse anew on every move (g1h1 attacks h10, h1g1 attacks
  // g8), the horse alone and undefended: the third time round, the chaser loses.
  const char* fen = "3k3n1/9/9/9/9/9/9/9/9/4K1R2 w - - 0 1";
  auto g = xiangqi_after(fen, {"g1h1", "h10g8", "h1g1", "g8h10", "g1h1", "h10g8", "h1g1", "g8h10"});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->outcome(), Outcome::win(1, "chase"));
  // Ending on the chaser's move: the side that has just moved chased, and loses.
  auto h = xiangqi_after("3k3n1/9/9/9/9/9/9/9/9/4K2R1 b - - 0 1",
                         {"h10g8", "h1g1", "g8h10", "g1h1", "h10g8", "h1g1", "g8h10", "g1h1"});
  ASSERT_TRUE(h);
  EXPECT_EQ(h->outcome(), Outcome::win(1, "chase"));
}

TEST(FairyXiangqi, ProtectedPieceIsNotChased) {
  // The same shuffle with a black rook on a8 guarding g8: the rook's attack on the horse
  // there is no chase, so White did not chase on every move, and the repetition is drawn.
  auto g = xiangqi_after("3k3n1/9/r8/9/9/9/9/9/9/4K1R2 w - - 0 1",
                         {"g1h1", "h10g8", "h1g1", "g8h10", "g1h1", "h10g8", "h1g1", "g8h10"});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->outcome(), Outcome::draw("repetition"));
}

TEST(FairyXiangqi, ChasingRuleKey) {
  // chasingRule = none: the chase above is an ordinary repetition.
  auto v = load_variant("[nochase:xiangqi]\nchasingRule = none\n", "nochase");
  ASSERT_TRUE(v.ok()) << v.error().message;
  EXPECT_FALSE((*v)->rules.chasing);
  auto g = create_fairy_game(*v, "3k3n1/9/9/9/9/9/9/9/9/4K1R2 w - - 0 1");
  ASSERT_TRUE(g.ok());
  for (const char* m : {"g1h1", "h10g8", "h1g1", "g8h10", "g1h1", "h10g8", "h1g1", "g8h10"})
    ASSERT_TRUE((*g)->apply(m).ok()) << m;
  EXPECT_EQ((*g)->outcome(), Outcome::draw("repetition"));
  EXPECT_TRUE(catalogue_rules("xiangqi").chasing);
  EXPECT_FALSE(catalogue_rules("manchu").chasing);
  EXPECT_FALSE(catalogue_rules("janggi").chasing);
  EXPECT_FALSE(load_variant("[x:xiangqi]\nchasingRule = always\n", "x").ok());
}

TEST(FairyXiangqi, MobilityRegionsAreReadAndChecked) {
  auto v = load_variant(
      "[palace:chess]\nmobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2\n"
      "mobilityRegionBlackKing = d8 e8 f8 d7 e7 f7\n",
      "palace");
  ASSERT_TRUE(v.ok()) << v.error().message;
  auto g = create_fairy_game(*v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(g.ok());
  auto moves = (*g)->legal_moves();
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1d1"), 1);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1e2"), 1);
  EXPECT_EQ(moves.size(), 5u);  // d1 d2 e2 f2 f1
  for (const char* bad :
       {"[x:chess]\nmobilityRegionGreenKing = d1\n", "[x:chess]\nmobilityRegionWhiteUnicorn = d1\n",
        "[x:chess]\nmobilityRegionWhiteKing = z9\n", "[x:chess]\nmobilityRegionWhiteKing = d9\n"}) {
    EXPECT_FALSE(load_variant(bad, "x").ok()) << bad;
  }
}

}  // namespace
}  // namespace banmen::fairy
