// Gates: S-chess (seirawan) and S-house (shouse), pieces in hand gated onto the square a piece
// leaves. Perft against Fairy-Stockfish's counts (`go perft N` after `setoption name
// UCI_Variant value X`), and its UCI, SAN and FEN (the castling field's gates) as
// Fairy-Stockfish (ffish-es6) writes them; cambodian chess's first moves from its gates.
#include <gtest/gtest.h>

#include <algorithm>

#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::catalogue_game;
using test::catalogue_rules;
using test::PerftCase;

constexpr const char* italian =
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[HEhe] w KQBCDFGkqbcdfg - 4 4";

constexpr PerftCase gating_cases[] = {
    {"seirawan", "", 3, 24830},
    {"shouse", "", 2, 7944},
    {"seirawan", italian, 2, 2605},
    {"seirawan", "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKH[Eeh] w ABCDacd - 6 5",
     2, 1286},
    {"cambodian", "", 4, 361719},
    {"karouk", "", 3, 15031},
};

TEST(FairyGating, PerftEqualsFairyStockfish) {
  test::expect_catalogue_perft(gating_cases);
}

TEST(FairyGating, MovesFromGatesMayBringAPieceFromTheHand) {
  auto g = catalogue_game("seirawan", italian);
  const auto moves = g->legal_moves();
  auto lists = [&](const char* m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
  };
  EXPECT_TRUE(lists("b1c3e"));   // the knight leaves b1, the elephant comes in
  EXPECT_TRUE(lists("e1g1h"));   // castling, the hawk on the king's square ...
  EXPECT_TRUE(lists("h1e1h"));   // ... or on the rook's, written from the rook
  EXPECT_FALSE(lists("c4b5h"));  // c4 is no gate
  EXPECT_FALSE(lists("a2a3h"));
  EXPECT_EQ(moves.size(), 51u);
}

TEST(FairyGating, SanAndFenAsFairyStockfishWritesThem) {
  const Rules& r = catalogue_rules("seirawan");
  Position pos = test::position_of(r, italian);
  Move m{};
  const std::pair<const char*, const char*> san[] = {
      {"e1g1h", "O-O/He1"}, {"h1e1e", "O-O/Eh1"}, {"b1c3e", "Nc3/E"}, {"e1f1h", "Kf1/H"}};
  for (auto [uci, expected] : san) {
    ASSERT_TRUE(find_uci_move(pos, uci, m)) << uci;
    EXPECT_EQ(san_move(pos, m), expected) << uci;
  }
  // Castling gone, the gates left are written as files; a side's gates end with its hand.
  auto g = catalogue_game("seirawan", italian);
  ASSERT_TRUE(g->apply("h1e1h").ok());
  EXPECT_EQ(g->position(),
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKH[Eeh] b ABCDkqcd - 5 4");
  ASSERT_TRUE(g->apply("e8g8").ok());
  EXPECT_EQ(g->position(),
            "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKH[Eeh] w ABCDacd - 6 5");
  ASSERT_TRUE(g->apply("b1c3e").ok());
  EXPECT_EQ(g->position(),
            "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/REBQ1RKH[eh] b acd - 7 5");
}

TEST(FairyGating, CambodianFirstMovesAndTheRookThatEndsTheLeap) {
  // The king on d1 leaps to b2 or f2 (never capturing); the met on e1 would step to e3,
  // where a pawn stands.
  const auto start = test::sorted_moves("cambodian", "");
  EXPECT_TRUE(test::lists(start, "d1b2"));
  EXPECT_TRUE(test::lists(start, "d1f2"));
  EXPECT_FALSE(test::lists(start, "e1e3"));
  const auto open =
      test::sorted_moves("cambodian", "rnsmksnr/8/pppppppp/8/8/PPP1PPPP/8/RNSKMSNR w DEde - 0 1");
  EXPECT_FALSE(test::lists(open, "e1e3"));  // the met is on e1, the open file is d
  const auto met =
      test::sorted_moves("cambodian", "rnsmksnr/8/pppppppp/8/8/PPPP1PPP/8/RNSKMSNR w DEde - 0 1");
  EXPECT_TRUE(test::lists(met, "e1e3"));
  // A rook aimed at the other king (same file or rank, blocked or not) ends that king's leap.
  auto g = catalogue_game("cambodian", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/R7/1NSKMSNR w DEde - 0 1");
  ASSERT_TRUE(g->apply("a2e2").ok());
  EXPECT_EQ(g->position(), "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/4R3/1NSKMSNR b DEd - 1 1");
  const auto after = g->legal_moves();
  EXPECT_EQ(std::count_if(after.begin(), after.end(),
                          [](const std::string& m) {
                            return m.starts_with("e8c7") || m.starts_with("e8g7");
                          }),
            0);
  // Kar ouk: the first check wins.
  auto karouk = catalogue_game("karouk", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  ASSERT_TRUE(karouk->apply("a1a8").ok());
  EXPECT_EQ(karouk->outcome(), Outcome::win(0, "check_count"));
}

TEST(FairyGating, GatingNeedsBothKeys) {
  VariantError error;
  EXPECT_FALSE(parse_variant_file("[v:chess]\ngating = true\n", error));
  EXPECT_EQ(error.key, "gating");
  EXPECT_FALSE(parse_variant_file("[v:chess]\nseirawanGating = true\n", error));
  EXPECT_EQ(error.key, "seirawanGating");
  EXPECT_FALSE(parse_variant_file("[v:makruk]\ncambodianMoves = true\n", error));
  EXPECT_EQ(error.key, "cambodianMoves");
}

}  // namespace
}  // namespace banmen::fairy
