// S-chess (seirawan) and S-house (shouse): pieces in hand gated onto the square a piece
// leaves. Perft against Fairy-Stockfish's counts (`go perft N` after `setoption name
// UCI_Variant value X`), and its UCI, SAN and FEN (the castling field's gates) as
// Fairy-Stockfish (ffish-es6) writes them.
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
};

TEST(FairyGating, PerftEqualsFairyStockfish) {
  for (const PerftCase& c : gating_cases) {
    Position pos = test::position_of(catalogue_rules(c.variant), c.fen);
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " " << c.fen;
  }
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

TEST(FairyGating, GatingNeedsBothKeys) {
  VariantError error;
  EXPECT_FALSE(parse_variant_file("[v:chess]\ngating = true\n", error));
  EXPECT_EQ(error.key, "gating");
  EXPECT_FALSE(parse_variant_file("[v:chess]\nseirawanGating = true\n", error));
  EXPECT_EQ(error.key, "seirawanGating");
}

}  // namespace
}  // namespace banmen::fairy
