// The rest of Fairy-Stockfish's shogi family by name: Kyoto shogi (pieceDemotion,
// dropPromoted), micro shogi (piecePromotionOnCapture), dobutsu (a lion that may be taken and
// wins on the far rank) and check shogi (checkCounting). Perft of starts and of positions
// from random games against Fairy-Stockfish's counts (`go perft N` after `setoption name
// UCI_Variant value X`), then each rule by hand, with the moves and FENs Fairy-Stockfish
// gives.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::catalogue_game;
using test::catalogue_rules;
using test::lists;
using test::PerftCase;
using test::sorted_moves;

constexpr PerftCase shogi_family_cases[] = {
    {"kyotoshogi", "", 3, 1636},
    {"micro", "", 3, 767},
    {"dobutsu", "", 4, 976},
    {"checkshogi", "", 3, 25470},
    {"kyotoshogi", "P2s1/P2k1/L1+nl1/5/1nK1+S[] b - - 0 14", 3, 471},
    {"kyotoshogi", "2S2/+p1NSL/3k1/1L1N1/2K1P[] w - - 3 11", 3, 948},
    {"kyotoshogi", "pk2+N/n4/5/5/+Ls1KP[Ls] w - - 0 6", 3, 20878},
    {"micro", "k2+l/p1b1/B2P/+L1K1/1+R2[R] b - - 2 8", 3, 2752},
    {"micro", "1p2/1k+l1/1+b2/+pR2/B2K[Rl] b - - 0 11", 3, 12354},
    {"micro", "Br2/k2l/1r1+P/bP2/+L2K[] w - - 8 15", 3, 837},
    {"dobutsu", "1ce/l1E/2c/1LG[G] w - - 0 9", 4, 7296},
    {"dobutsu", "2l/geC/LE1/G2[C] b - - 0 16", 4, 4952},
    {"dobutsu", "2e/gl1/2L/EG1[Cc] w - - 0 6", 4, 13909},
    {"checkshogi",
     "l1g3gn1/rs1k1s1bl/npppp1ppp/p4p3/9/4P1P2/PPPP1PSPP/LB1GR4/1NS1KG1NL[] w - - 1+1 22 12", 3,
     18548},
    {"checkshogi", "1n3k1nl/lrsg1sgb1/ppppppBpp/9/9/2P6/PP1PPPPPP/5KG1R/LNSG2SNL[P] w - - 1+1 1 8",
     3, 39839},
    {"checkshogi",
     "ln2k1gn1/1rg3sbl/1pps1pppp/p2pp4/3P5/5P2P/PPPGP1PP1/1B2K1GRL/LNS3SN1[] w - - 1+1 18 10", 3,
     18983},
    {"checkshogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] b - - 3+2 0 2", 3,
     30406},
};

TEST(FairyShogiFamily, PerftEqualsFairyStockfish) {
  test::expect_catalogue_perft(shogi_family_cases);
}

// A section of test_variants_demotion.ini (Fairy-Stockfish's gethenian and cetus), compiled
// once for the test run.
const Rules& demotion_rules(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const VariantRules>> cache;
  auto& v = cache[name];
  if (!v) {
    std::ifstream in(BANMEN_FAIRY_TEST_DEMOTION);
    std::stringstream text;
    text << in.rdbuf();
    auto loaded = load_variant(text.str(), name);
    EXPECT_TRUE(loaded.ok()) << name << ": " << (loaded.ok() ? "" : loaded.error().message);
    v = *loaded;
  }
  return v->rules;
}

// Counted by Fairy-Stockfish with VariantPath set to test_variants_demotion.ini.
constexpr PerftCase demotion_cases[] = {
    {"gethenian", "", 4, 58358},
    {"gethenian", "2+k1b+I+m/3M3/+i6/+N5+m/2N4/1M5/2B+K3[] b - - 2 14", 3, 242},
    {"gethenian", "1+nik3/5+b1/2+m4/+m6/7/+N2KM+I1/2B4[m] w - - 0 11", 3, 16960},
    {"gethenian", "4b2/1+im+m+k2/7/3n3/M4+M1/3N3/2B+KI2[] w - - 10 6", 3, 3301},
    {"cetus", "", 2, 238034},
    {"cetus", "3h4p/4hN3/4Hs3/7O1/2bn5/8D/4Pp3/2B4SP/9[dsno] b - - 0 8", 2, 12350},
    {"cetus", "5oPs1/ph6P/1N3D3/9/d6H1/5hn2/4b1s2/2B6/O6S1[pn] b - - 3 11", 2, 7244},
    {"cetus", "5np2/6S2/P2s5/1bN6/3p4P/1hDO5/4odH2/2Bs3n1/4h4[] w - - 6 15", 2, 1836},
};

TEST(FairyShogiFamily, SectionsThatTurnPiecesOverMatchFairyStockfish) {
  for (const PerftCase& c : demotion_cases) {
    Position pos = test::position_of(demotion_rules(c.variant), c.fen);
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " " << c.fen;
  }
}

TEST(FairyShogiFamily, KyotoPiecesTurnOverOnEveryMove) {
  // At the start every piece but the king promotes or demotes on each move: the lance
  // (+L, a gold) may only move as a demotion, the silver only as a promotion.
  const auto moves = sorted_moves("kyotoshogi", "");
  EXPECT_EQ(moves, (std::vector<std::string>{"a1a2-", "a1b2-", "b1a2+", "b1b2+", "b1c2+", "c1b2",
                                             "c1c2", "c1d2", "d1c2-", "d1d2-", "d1e2-", "e1e2+"}));
  auto g = catalogue_game("kyotoshogi");
  ASSERT_TRUE(g->apply("a1a2-").ok());
  EXPECT_EQ(g->position(), "p+nks+l/5/5/L4/1SK+NP[] b - - 1 1");
  // The silver becomes a bishop, and the bishop turns back into a silver on its next move.
  ASSERT_TRUE(g->apply("e5e4-").ok());
  ASSERT_TRUE(g->apply("b1b2+").ok());
  EXPECT_EQ(g->position(), "p+nks1/4l/5/L+S3/2K+NP[] b - - 3 2");
  ASSERT_TRUE(g->apply("e4e3+").ok());
  EXPECT_TRUE(lists(g->legal_moves(), "b2c3-"));
  EXPECT_FALSE(lists(g->legal_moves(), "b2c3"));
  EXPECT_FALSE(lists(g->legal_moves(), "b2c3+"));
}

TEST(FairyShogiFamily, KyotoPromotionsAreNoIrreversibleMoves) {
  // With pieceDemotion a promotion can be undone, so it does not reset the move counter.
  auto g = catalogue_game("kyotoshogi");
  ASSERT_TRUE(g->apply("b1a2+").ok());
  EXPECT_EQ(g->position(), "p+nks+l/5/5/+S4/+L1K+NP[] b - - 1 1");
}

TEST(FairyShogiFamily, KyotoDropsEitherSideUp) {
  // dropPromoted: a lance in hand goes down as a lance or as a gold (+L@c3, SAN G@c3).
  const std::string fen = "pk2+N/n4/5/5/+Ls1KP[Ls] w - - 0 6";
  const auto moves = sorted_moves("kyotoshogi", fen);
  EXPECT_TRUE(lists(moves, "L@c3"));
  EXPECT_TRUE(lists(moves, "+L@c3"));
  auto g = catalogue_game("kyotoshogi", fen);
  ASSERT_TRUE(g->apply("+L@c3").ok());
  EXPECT_EQ(g->position(), "pk2+N/n4/2+L2/5/+Ls1KP[s] b - - 0 6");
}

TEST(FairyShogiFamily, DemotionNotation) {
  // UCI writes a demotion with '-', SAN as a change into the unpromoted type.
  const Rules& r = catalogue_rules("kyotoshogi");
  Position pos = test::position_of(r, "");
  Move m{};
  ASSERT_TRUE(find_uci_move(pos, "a1a2-", m));
  EXPECT_EQ(m.kind, MoveKind::piece_demotion);
  EXPECT_EQ(san_move(pos, m), "Ga2=L");
}

TEST(FairyShogiFamily, MicroPiecesTurnOverOnlyWhenTheyCapture) {
  // The bishop promotes to a gold only by taking (b2c3+), and must then; the promoted lance
  // (a silver) steps quietly as it is and demotes only by taking (d2c3-).
  const std::string fen = "k3/4/2p1/1B1+L/3K[] w - - 0 1";
  EXPECT_EQ(
      sorted_moves("micro", fen),
      (std::vector<std::string>{"b2a1", "b2a3", "b2c1", "b2c3+", "d1c1", "d2c1", "d2c3-", "d2d3"}));
  auto g = catalogue_game("micro", fen);
  ASSERT_TRUE(g->apply("d2c3-").ok());
  EXPECT_EQ(g->position(), "k3/4/2L1/1B2/3K[P] b - - 0 1");
}

TEST(FairyShogiFamily, DobutsuLionMayBeTakenAndWinsSafeOnTheFarRank) {
  // The lion is no royal king: it may step where it is attacked, and taking it wins.
  auto taken = catalogue_game("dobutsu", "l2/2L/3/3[] w - - 0 1");
  ASSERT_TRUE(taken->apply("c3b4").ok());
  EXPECT_FALSE(taken->over());
  ASSERT_TRUE(taken->apply("a4b4").ok());
  EXPECT_EQ(taken->outcome(), Outcome::win(1, "extinction"));
  // On the far rank where nothing attacks it, it has won at once.
  auto safe = catalogue_game("dobutsu", "l2/2L/3/3[] w - - 0 1");
  ASSERT_TRUE(safe->apply("c3c4").ok());
  EXPECT_EQ(safe->outcome(), Outcome::win(0, "flag"));
}

TEST(FairyShogiFamily, CheckShogiFirstCheckWins) {
  auto g = catalogue_game(
      "checkshogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] b - - 1+1 0 1");
  ASSERT_TRUE(g->apply("c7c6").ok());
  ASSERT_TRUE(g->apply("b2g7+").ok());
  EXPECT_EQ(g->position(),
            "lnsgkgsnl/1r5b1/pp1ppp+Bpp/2p6/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[P] b - - 0+1 0 2");
  EXPECT_EQ(g->outcome(), Outcome::win(0, "check_count"));
}

}  // namespace
}  // namespace banmen::fairy
