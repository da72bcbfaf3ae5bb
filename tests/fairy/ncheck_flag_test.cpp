// n-check (3check, 5check) and the flag rules of racing kings and flagPieceSafe, as
// Fairy-Stockfish plays them: perft against its counts (`go perft N` after `setoption name
// UCI_Variant value X`; the starts' counts are also the literature's), the check count in
// the FEN both ways it is written, and the endings one by one.
#include <gtest/gtest.h>

#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::catalogue_game;
using test::catalogue_rules;
using test::PerftCase;

constexpr PerftCase cases[] = {
    {"3check", "", 4, 197281},
    {"racingkings", "", 4, 296242},
    {"3check", "r1bk3r/ppp2p1p/n3p2n/3p2p1/q1P1P1PP/bQ1PB3/PP2BP2/RN2K1NR w KQ - 3+3 2 11", 3,
     54804},
    {"5check", "r1bqk3/p2p2pr/np2p3/bNp2p1p/P5Q1/1RPPP3/1PKB1nPP/5BNR w q - 5+4 0 14", 3, 35967},
    {"racingkings", "6R1/8/3r3b/8/4n3/5B2/krb1NB1K/1q1nNR1Q w - - 12 7", 3, 57026},
    {"racingkings", "6b1/8/8/2R4n/3q4/7B/k2n1Q1K/1rb1N3 w - - 1 16", 3, 59217},
};

TEST(FairyNCheck, PerftEqualsFairyStockfish) {
  test::expect_catalogue_perft(cases);
}

TEST(FairyNCheck, EachCheckCountsDownAndTheLastWins) {
  auto g = catalogue_game("3check");
  for (const char* m : {"e2e4", "e7e5", "f1c4", "d7d6", "c4f7"}) ASSERT_TRUE(g->apply(m).ok());
  EXPECT_EQ(g->position(), "rnbqkbnr/ppp2Bpp/3p4/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 0 3");
  // The last check ends the game.
  auto last = catalogue_game("3check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1");
  ASSERT_TRUE(last->apply("a1a8").ok());
  EXPECT_EQ(last->outcome(), Outcome::win(0, "check_count"));
}

TEST(FairyNCheck, TheCountIsReadInBothFensAndDefaultsToOne) {
  const Rules& r = catalogue_rules("3check");
  // Fairy-Stockfish's checks to give, after the en passant field ...
  Position a = test::position_of(r, "4k3/8/8/8/8/8/8/R3K3 w - - 2+1 0 1");
  EXPECT_EQ(a.checks_left(white), 2);
  EXPECT_EQ(a.checks_left(black), 1);
  // ... lichess's checks given, at the end ...
  Position b = test::position_of(r, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +1+2");
  EXPECT_EQ(b.checks_left(white), 2);
  EXPECT_EQ(b.checks_left(black), 1);
  EXPECT_EQ(write_fen(b), "4k3/8/8/8/8/8/8/R3K3 w - - 2+1 0 1");
  // ... and without either, the next check wins.
  Position c = test::position_of(r, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  EXPECT_EQ(c.checks_left(white), 1);
  EXPECT_NE(a.key(), c.key());  // the count is part of the position
}

TEST(FairyFlag, RacingKingsBlackMayStillDrawAfterWhiteArrives) {
  // White's king reaches the eighth rank; Black's can follow, so the game goes on ...
  auto g = catalogue_game("racingkings", "8/1k4K1/8/8/8/8/8/8 w - - 0 1");
  ASSERT_TRUE(g->apply("g7g8").ok());
  EXPECT_FALSE(g->over());
  // ... and reaching it too is a draw.
  ASSERT_TRUE(g->apply("b7b8").ok());
  EXPECT_EQ(g->outcome(), Outcome::draw("flag"));
  // When Black's king cannot reach the eighth rank, White has won at once.
  auto won = catalogue_game("racingkings", "8/6K1/1k6/8/8/8/8/8 w - - 0 1");
  ASSERT_TRUE(won->apply("g7g8").ok());
  EXPECT_EQ(won->outcome(), Outcome::win(0, "flag"));
  // Black's king arriving first wins at once: White gets no answer.
  auto black_first = catalogue_game("racingkings", "8/1k6/8/8/8/8/6K1/8 b - - 0 1");
  ASSERT_TRUE(black_first->apply("b7b8").ok());
  EXPECT_EQ(black_first->outcome(), Outcome::win(1, "flag"));
}

TEST(FairyFlag, AFlagPieceThatIsAttackedDoesNotWin) {
  // flagPieceSafe: a knight on the far rank wins only where no enemy piece attacks it.
  const char* ini =
      "[safe:chess]\nking = -\ncommoner = k\ncastling = false\nflagPiece = n\n"
      "flagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\n"
      "extinctionValue = loss\nextinctionPieceTypes = k\n";
  VariantError error;
  auto file = parse_variant_file(ini, error);
  ASSERT_TRUE(file) << error.to_string();
  std::string why;
  auto rules = compile_rules(file->variants.front(), why);
  ASSERT_TRUE(rules) << why;
  Position attacked = test::position_of(*rules, "1Nk5/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_FALSE(attacked.flag_reached(white));  // the black king on c8 attacks b8
  Position safe = test::position_of(*rules, "1N5k/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_TRUE(safe.flag_reached(white));
  Position taken = test::position_of(*rules, "rN5k/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_FALSE(taken.flag_reached(white));
}

}  // namespace
}  // namespace banmen::fairy
