// Janggi as Fairy-Stockfish plays it (janggi, janggitraditional, janggimodern,
// janggicasual): perft against Fairy-Stockfish's own counts (`go perft N` after `setoption
// name UCI_Variant value X`, from the start, from positions of random games and from
// hand-made ones), and each rule on its own: the cannon that neither hops over nor takes a
// cannon, the moves along the palace's diagonals, the pass, bikjang, the verdict by material
// and the loss for undoing one's own move again and again.
#include <gtest/gtest.h>

#include <algorithm>

#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::catalogue_rules;
using test::lists;
using test::PerftCase;
using test::sorted_moves;

// Depth 3 here (under the sanitizers); depth 4 of the starts in perft_deep_test.cpp.
constexpr PerftCase janggi_cases[] = {
    {"janggi", "", 3, 33000},
    {"janggicasual", "", 3, 33316},  // no bikjang: the kings may face each other freely
    // Positions of random games.
    {"janggi", "r1baa1b2/3k5/5cn1r/nP5C1/1p2p1PBp/4p4/2P1PN1P1/1CNK5/R2A1A3/R1B6 w - - 13 34", 3,
     6260},
    {"janggi", "2bk1abn1/4a4/9/p1np2p2/3RC4/P4P2r/P3P3P/1c2AcC1R/4KNN2/2B2AB2 w - - 3 29", 3,
     61060},
    {"janggi", "1n1aa4/1r7/1c1k5/4b2pn/1B2c4/6P2/P2r5/N4K3/RR2Ap3/CCBA5 b - - 33 71", 3, 78016},
    // Cannons neither hop over a cannon nor take one.
    {"janggi", "9/4k4/9/9/9/c8/8c/P8/9/C2K4C w - - 0 1", 3, 1052},
    // The palace's diagonals: rook, soldier, advisor, cannon and king.
    {"janggi", "4k4/9/3R1P3/9/9/9/9/9/4A4/3K1C3 w - - 0 1", 3, 890},
    // Bikjang: the side to move parts the kings or passes (which ends the game).
    {"janggi", "9/4k4/9/9/9/9/9/9/4K4/R8 w - - 0 1", 3, 744},
    {"janggicasual", "9/4k4/9/9/9/9/9/9/4K4/R8 w - - 0 1", 3, 5026},
    // A cannon stands between the king and another cannon: taking it checks (random games).
    {"janggimodern", "3kC1C2/9/3ar4/2n6/4p2p1/2p5B/n8/1B7/3KA2N1/R3A4 b - - 12 81", 3, 28565},
    {"janggi", "2b2a2r/n2k1a2n/4c4/1pP2pp2/1p6p/3P5/3bc1P2/1C4N2/2C1KR3/2B1AABN1 w - - 25 47", 3,
     42659},
};

TEST(FairyJanggi, PerftEqualsFairyStockfish) {
  test::expect_catalogue_perft(janggi_cases);
}

TEST(FairyJanggi, CannonNeverHopsOverNorTakesACannon) {
  auto moves = sorted_moves("janggi", "9/4k4/9/9/9/c8/8c/P8/9/C2K4C w - - 0 1");
  EXPECT_TRUE(lists(moves, "a1a4"));   // over the soldier
  EXPECT_FALSE(lists(moves, "a1a5"));  // but not onto the cannon behind it
  EXPECT_FALSE(lists(moves, "i1i5"));  // nor over a cannon
  EXPECT_TRUE(lists(moves, "i1c1"));   // over the king
  EXPECT_FALSE(lists(moves, "a1a2"));  // a cannon moves only by hopping
  // A cannon gives no check over another cannon, and does over any other piece.
  Position over_cannon =
      test::position_of(catalogue_rules("janggi"), "4k4/9/4c4/9/4C4/9/9/9/9/3K5 b - - 0 1");
  EXPECT_FALSE(over_cannon.in_check());
  Position checked =
      test::position_of(catalogue_rules("janggi"), "4k4/9/4p4/9/4C4/9/9/9/9/3K5 b - - 0 1");
  EXPECT_TRUE(checked.in_check());
}

TEST(FairyJanggi, PalaceDiagonals) {
  auto moves = sorted_moves("janggi", "4k4/9/3R1P3/9/9/9/9/9/4A4/3K1C3 w - - 0 1");
  EXPECT_TRUE(lists(moves, "d8e9"));   // the rook along the diagonal ...
  EXPECT_TRUE(lists(moves, "d8f10"));  // ... as far as it is open
  EXPECT_TRUE(lists(moves, "f8e9"));   // the soldier forward along it
  EXPECT_TRUE(lists(moves, "e2d3"));   // the advisor
  EXPECT_TRUE(lists(moves, "f1d3"));   // the cannon over the advisor in the centre
  EXPECT_FALSE(lists(moves, "e2d1"));  // (its own king is there)
  // Off the lines' squares there is no diagonal move: the centre of a palace side is not
  // on them.
  auto side = sorted_moves("janggi", "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
  EXPECT_TRUE(lists(side, "e2f3"));
  auto edge = sorted_moves("janggi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
  EXPECT_FALSE(lists(edge, "e1d2"));
  EXPECT_FALSE(lists(edge, "e1f2"));
  // A rook on a corner of the palace gives check along the diagonal, and off the lines'
  // squares does not.
  Position diagonal =
      test::position_of(catalogue_rules("janggi"), "5k3/9/3R5/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_TRUE(diagonal.in_check());
  Position off_lines =
      test::position_of(catalogue_rules("janggi"), "5k3/9/9/3R5/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_FALSE(off_lines.in_check());
}

TEST(FairyJanggi, PassAndTwoPassesEndTheGame) {
  auto moves = sorted_moves("janggi", "");
  EXPECT_TRUE(lists(moves, "e2e2"));
  // No pass out of check.
  auto checked = sorted_moves("janggi", "4k4/9/9/9/9/9/9/9/9/3K1r3 w - - 0 1");
  EXPECT_FALSE(lists(checked, "d1d1"));
  EXPECT_TRUE(lists(checked, "d1d2"));
  // Two passes in a row end the game, decided by material: level material is Black's by
  // its 1.5 points; janggitraditional counts none, a draw.
  for (const auto& [variant, outcome] :
       {std::pair{"janggi", Outcome::win(1, "double_pass")},
        std::pair{"janggitraditional", Outcome::draw("double_pass")}}) {
    auto g = create_fairy_game(named_variant(variant), "");
    ASSERT_TRUE(g.ok());
    ASSERT_TRUE((*g)->apply("e2e2").ok());
    EXPECT_FALSE((*g)->over());
    ASSERT_TRUE((*g)->apply("e9e9").ok());
    EXPECT_EQ((*g)->outcome(), outcome) << variant;
  }
}

TEST(FairyJanggi, BikjangIsPartedOrEndsTheGame) {
  const char* facing = "9/4k4/9/9/9/9/9/9/4K4/R8 w - - 0 1";
  // The kings face each other: White parts them, or passes.
  EXPECT_EQ(sorted_moves("janggi", facing),
            (std::vector<std::string>{"e2d1", "e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"}));
  // A pass leaves bikjang standing for both sides: the game ends, White ahead by a rook.
  auto g = create_fairy_game(named_variant("janggi"), facing);
  ASSERT_TRUE(g.ok());
  ASSERT_TRUE((*g)->apply("e2e2").ok());
  EXPECT_EQ((*g)->outcome(), Outcome::win(0, "bikjang"));
  auto traditional = create_fairy_game(named_variant("janggitraditional"), facing);
  ASSERT_TRUE(traditional.ok());
  ASSERT_TRUE((*traditional)->apply("e2e2").ok());
  EXPECT_EQ((*traditional)->outcome(), Outcome::draw("bikjang"));
  // Without bikjang (janggicasual, janggimodern) the kings may stand facing.
  EXPECT_TRUE(lists(sorted_moves("janggicasual", facing), "a1a2"));
  EXPECT_TRUE(lists(sorted_moves("janggimodern", facing), "e2e1"));
}

TEST(FairyJanggi, MaterialDecidesTheMoveRule) {
  // The 50-move rule's hundredth quiet ply: White's rook outweighs Black's 1.5 points.
  const char* quiet = "3k5/9/9/9/9/9/9/9/4K4/R8 w - - 99 60";
  auto g = create_fairy_game(named_variant("janggi"), quiet);
  ASSERT_TRUE(g.ok());
  ASSERT_TRUE((*g)->apply("a1a2").ok());
  EXPECT_EQ((*g)->outcome(), Outcome::win(0, "move_rule"));
  auto casual = create_fairy_game(named_variant("janggicasual"), quiet);
  ASSERT_TRUE(casual.ok());
  ASSERT_TRUE((*casual)->apply("a1a2").ok());
  EXPECT_EQ((*casual)->outcome(), Outcome::draw("move_rule"));
  // Two soldiers (4) against an advisor (3) and the 1.5: Black's.
  auto close =
      create_fairy_game(named_variant("janggi"), "3k5/4a4/9/9/9/9/9/P1P6/4K4/9 w - - 99 60");
  ASSERT_TRUE(close.ok());
  ASSERT_TRUE((*close)->apply("a3a4").ok());
  EXPECT_EQ((*close)->outcome(), Outcome::win(1, "move_rule"));
}

TEST(FairyJanggi, RepetitionsByTheRulesOfEach) {
  // White's chariot goes back and forth; Black's does too: on White's fifth such move
  // White has undone its own move often enough (Fairy-Stockfish's count), and loses.
  auto g = create_fairy_game(named_variant("janggimodern"), "");
  ASSERT_TRUE(g.ok());
  const char* shuffle[] = {"a1a2", "a10a9", "a2a1", "a9a10", "a1a2", "a10a9", "a2a1", "a9a10"};
  for (const char* m : shuffle) {
    ASSERT_TRUE((*g)->apply(m).ok()) << m;
    EXPECT_FALSE((*g)->over()) << m;
  }
  ASSERT_TRUE((*g)->apply("a1a2").ok());
  EXPECT_EQ((*g)->outcome(), Outcome::win(1, "move_repetition"));
  // janggi knows no such rule: the start's third time round is a repetition, sooner,
  // decided by material (level: Black's); janggicasual counts none, a draw.
  for (const auto& [variant, outcome] : {std::pair{"janggi", Outcome::win(1, "repetition")},
                                         std::pair{"janggicasual", Outcome::draw("repetition")}}) {
    auto plain = create_fairy_game(named_variant(variant), "");
    ASSERT_TRUE(plain.ok());
    for (const char* m : shuffle) ASSERT_TRUE((*plain)->apply(m).ok()) << m;
    EXPECT_EQ((*plain)->outcome(), outcome) << variant;
  }
}

TEST(FairyJanggi, KeysAreReadAndChecked) {
  auto v = load_variant(
      "[passing:chess]\npass = true\nmaterialCounting = unweighted\n"
      "diagonalLines = d1 f1 e2 d3 f3\n",
      "passing");
  ASSERT_TRUE(v.ok()) << v.error().message;
  auto g = create_fairy_game(*v, "");
  ASSERT_TRUE(g.ok());
  auto moves = (*g)->legal_moves();
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e1e1"), 1);
  // passOnStalemate: a pass only when nothing else is legal.
  auto stalemate = load_variant("[stuck:chess]\npassOnStalemate = true\n", "stuck");
  ASSERT_TRUE(stalemate.ok()) << stalemate.error().message;
  auto start = create_fairy_game(*stalemate, "");
  ASSERT_TRUE(start.ok());
  EXPECT_EQ((*start)->legal_moves().size(), 20u);
  auto stuck = create_fairy_game(*stalemate, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  ASSERT_TRUE(stuck.ok());
  EXPECT_EQ((*stuck)->legal_moves(), std::vector<std::string>{"h8h8"});
  for (const char* bad :
       {"[x:chess]\npass = maybe\n", "[x:chess]\nmaterialCounting = chess\n",
        "[x:chess]\ndiagonalLines = z9\n", "[x:chess]\nbikjangRule = 1\n",
        "[x:chess]\npassOnStalemateWhite = yes\n", "[x:chess]\nmoveRepetitionIllegal = on\n"}) {
    auto r = load_variant(bad, "x");
    EXPECT_FALSE(r.ok()) << bad;
  }
  auto error = load_variant("[x:chess]\nmaterialCounting = chess\n", "x");
  ASSERT_FALSE(error.ok());
  EXPECT_NE(error.error().message.find("materialCounting"), std::string::npos)
      << error.error().message;
}

}  // namespace
}  // namespace banmen::fairy
