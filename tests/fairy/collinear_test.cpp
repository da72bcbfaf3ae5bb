// collinearN (Fairy-Stockfish's three musketeers, tests/fairy/test_variants_collinear.ini):
// perft against Fairy-Stockfish's counts (`go perft N` with VariantPath set to that file),
// and the line rule by hand.
#include <gtest/gtest.h>

#include <fstream>
#include <initializer_list>
#include <sstream>

#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

std::shared_ptr<const VariantRules> collinear_variant(const std::string& name) {
  std::ifstream in(BANMEN_FAIRY_TEST_COLLINEAR);
  std::stringstream text;
  text << in.rdbuf();
  auto v = load_variant(text.str(), name);
  EXPECT_TRUE(v.ok()) << name << ": " << (v.ok() ? "" : v.error().message);
  return v.ok() ? *v : nullptr;
}

// A game of a section of the file from a FEN (empty: its start), after the moves given.
GamePtr collinear_game(const std::string& name, const std::string& fen,
                       std::initializer_list<const char*> moves = {}) {
  auto g = create_fairy_game(collinear_variant(name), fen);
  EXPECT_TRUE(g.ok()) << name << " " << fen;
  if (!g.ok()) return nullptr;
  for (const char* m : moves) EXPECT_TRUE((*g)->apply(m).ok()) << m;
  return std::move(*g);
}

TEST(FairyCollinear, PerftEqualsFairyStockfish) {
  const test::PerftCase cases[] = {
      {"three-musketeers", "", 1, 8},
      {"three-musketeers", "", 4, 736},
      {"three-musketeers", "", 7, 263040},
      {"three-musketeers", "pppp1/ppMpp/pp1pp/pM1Mp/ppppp w - - 0 1", 5, 40937},
      {"three-musketeers", "ppp1p/pMppp/ppp1p/p1pMp/pMppp w - - 0 1", 5, 72141},
      {"three-musketeers", "pp1pp/p1Mpp/pMp1p/ppppM/ppppp w - - 0 1", 5, 34629},
      // White's musketeers on one file or rank, Black to move: White has lost. On a
      // diagonal they are not in line here.
      {"three-musketeers", "p1p1p/5/M1M1M/5/5 b - - 0 1", 1, 0},
      {"three-musketeers", "1p3/1M3/1p3/1M3/1M3 b - - 0 1", 1, 0},
      {"three-musketeers", "M4/1M3/2M2/5/pppp1 b - - 0 1", 1, 5},
      {"three-musketeers", "M*M1M/5/5/5/ppppp b - - 0 1", 1, 0},
      {"three-musketeers-diagonal", "", 6, 27896},
      {"three-musketeers-diagonal", "M4/1M3/2M2/5/pppp1 b - - 0 1", 1, 0},
      {"three-musketeers-diagonal", "4M/3M1/2M2/5/pppp1 b - - 0 1", 1, 0},
      {"three-musketeers-diagonal", "pp1pp/p1Mpp/pMp1p/ppppM/ppppp w - - 0 1", 5, 34471},
      {"four-musketeers", "", 5, 67959},
      {"four-musketeers", "M6/1M5/2*4/3M3/4M2/7/ppppppp b - - 0 1", 1, 0},
      {"four-musketeers", "M6/1M5/2*4/3M3/4p2/7/ppppppp b - - 0 1", 1, 11},
      {"four-musketeers", "6M/5M1/7/3M3/7/7/Mpppppp b - - 0 1", 1, 0},
  };
  test::expect_file_perft(BANMEN_FAIRY_TEST_COLLINEAR, cases);
}

TEST(FairyCollinear, MusketeersInOneLineLoseHoweverFarApart) {
  // b1xa1 puts the three on the a file, two squares apart: White, who moved, loses.
  auto g = collinear_game("three-musketeers", "M4/1p3/M4/5/pM3 w - - 0 1", {"b1a1"});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->outcome(), Outcome::win(1, "collinear"));
  EXPECT_TRUE(g->legal_moves().empty());
  // A pawn standing between them does not part them.
  auto between = collinear_game("three-musketeers", "M4/p4/M4/5/pM3 w - - 0 1", {"b1a1"});
  ASSERT_TRUE(between);
  EXPECT_EQ(between->outcome(), Outcome::win(1, "collinear"));
}

TEST(FairyCollinear, OnlyTheAllowedLinesOfTheSideThatMovedCount) {
  // c2xb2 puts the three on the diagonal a1-b2-c3: a line only with connectDiagonal.
  const char* fen = "4p/5/2M2/1pM2/M4 w - - 0 1";
  auto plain = collinear_game("three-musketeers", fen, {"c2b2"});
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->outcome().over());
  auto diagonal = collinear_game("three-musketeers-diagonal", fen, {"c2b2"});
  ASSERT_TRUE(diagonal);
  EXPECT_EQ(diagonal->outcome(), Outcome::win(1, "collinear"));
  // In line with White to move: only the side that has just moved is looked at.
  auto waiting = collinear_game("three-musketeers", "M4/p4/M4/5/M3p w - - 0 1");
  ASSERT_TRUE(waiting);
  EXPECT_FALSE(waiting->outcome().over());
  EXPECT_FALSE(waiting->legal_moves().empty());
}

TEST(FairyCollinear, TheSideWithNoMoveWins) {
  // No pawn next to a musketeer: White cannot move, and wins (stalemateValue = win).
  auto g = collinear_game("three-musketeers", "M4/2M2/4M/5/p4 w - - 0 1");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->outcome(), Outcome::win(0, "stalemate"));
}

}  // namespace
}  // namespace banmen::fairy
