// Pawns of other moves (Betza i and e, pawnTypes, promotionPawnTypes, enPassantTypes,
// nMoveRuleTypes, tripleStepRegion), spartan's duple check and sittuyin's promotions: perft
// of the catalogue's starts and of positions of random games against Fairy-Stockfish's
// counts (`go perft N`, with VariantPath set to test_variants_pawns.ini or
// test_variants_pawns_more.ini for Fairy-Stockfish's own sections), and each rule by hand.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "fairy/betza.h"
#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::catalogue_game;
using test::lists;
using test::PerftCase;
using test::sorted_moves;

std::string pawns_ini(const char* path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A catalogue variant, or a section of one of the two test files.
std::shared_ptr<const VariantRules> pawns_variant(const std::string& name) {
  if (auto v = named_variant(name)) return v;
  static std::map<std::string, std::shared_ptr<const VariantRules>> cache;
  auto& v = cache[name];
  if (!v) {
    const bool more = name == "chak" || name == "elgam";
    auto loaded = load_variant(
        pawns_ini(more ? BANMEN_FAIRY_TEST_PAWNS_MORE : BANMEN_FAIRY_TEST_PAWNS), name);
    EXPECT_TRUE(loaded.ok()) << name << ": " << (loaded.ok() ? "" : loaded.error().message);
    if (loaded.ok()) v = *loaded;
  }
  return v;
}

GamePtr pawns_game(const std::string& name, const std::string& fen) {
  auto g = create_fairy_game(pawns_variant(name), fen);
  EXPECT_TRUE(g.ok()) << name << " " << fen;
  return g.ok() ? std::move(*g) : nullptr;
}

std::vector<std::string> pawns_moves(const std::string& name, const std::string& fen) {
  auto g = pawns_game(name, fen);
  if (!g) return {};
  auto moves = g->legal_moves();
  std::sort(moves.begin(), moves.end());
  return moves;
}

constexpr PerftCase pawns_cases[] = {
    {"berolina", "", 3, 28328},
    {"pawnsideways", "", 3, 10022},
    {"pawnback", "", 3, 9222},
    {"legan", "", 4, 8138},
    {"wolf", "", 3, 13722},
    {"spartan", "", 3, 14244},
    {"sittuyin", "", 2, 7744},
    {"allwayspawns", "", 3, 10422},
    {"dragon-chess", "", 3, 47712},
    {"allexplodeatomic", "", 3, 8902},
    {"caught-in-a-snag", "", 3, 1949},
    {"xhess", "", 2, 6280},
    {"argess", "", 3, 24982},
    {"khans", "", 3, 16912},
    {"wildebeest", "", 3, 95829},
    {"chak", "", 3, 37526},
    {"elgam", "", 3, 100990},
    // Positions of random games.
    {"berolina", "1nb1k1nr/3q2pp/1p2p3/1p2PP2/r3p2p/PP1B2P1/R1PK1P2/1NBQ2NR w k - 4 13", 3, 33555},
    {"pawnsideways", "rn4nr/1ppb2pp/4kpq1/Pp2P3/Rb2p2P/5P2/P2PP1P1/2BQKBNR w K - 3 16", 3, 33486},
    {"pawnback", "1rbqkbr1/ppQp1p1n/2p1p1pp/2n5/PPPP4/1N2P2P/5P2/1RB1KBNR w K - 12 21", 3, 58880},
    {"legan", "k1brp3/1qnn4/2ppp3/3P3P/p1BPP1PR/br3PBN/N1P2PQ1/4R1K1 w - - 1 16", 3, 36614},
    {"wolf", "3rbb1k/fq1ppss1/sp6/2psN2p/p4pp1/1PP4P/3nPPP1/6S1/PSS3S1/K1BBRFWQ w - - 0 16", 3,
     122776},
    {"spartan", "2kc1k1l/3h2hh/1h1h2cw/1l2hh2/P1g1hBP1/1P1P3P/4PP1R/R1QK1BN1 w - - 0 16", 3, 54290},
    {"sittuyin", "nr4rf/6n1/2k1pppp/pp2sPs1/PPppP1PP/2PP1S2/3KN1SN/R2F2R1[] w - - 1 21", 3, 26057},
    {"sittuyin", "s1r4n/2n5/ks1rfpp1/p1P1P3/P1p2KpP/1S4S1/1N1N3R/1R2F3[] w - - 0 31", 3, 27025},
    {"allwayspawns", "rnbqkbnr/2ppp2p/4p3/6Rp/1p2P3/2PPPP1P/1P1P4/1NBQKBNR w Kk - 3 16", 3, 62919},
    {"dragon-chess", "1nb2bnr/1r1pk2p/p2p2p1/1p2p1p1/3P1P1P/P3P1B1/qPQ1P3/RNB1K1NR w KQ - 2 16", 3,
     420730},
    {"allexplodeatomic", "r2qk3/pnp1p3/bp1p4/8/2P5/1P1P4/P2NPP2/RNBQKB2 w Qq - 1 11", 3, 7129},
    {"caught-in-a-snag", "fuwm2uf/pp1ppwpp/4gp2/P1p1PG2/1PPPMPPP/FUW2WUF w - - 1 6", 3, 3817},
    {"xhess",
     "icrkqr4/3n2n3/h1b2i1bch/1h1hhhhhh1/3h6/4IH4/1HHH2HHH1/HCB1I1NBCH/2K1Q1N3/2R4R2 w - - 3 11", 2,
     4812},
    {"argess", "1ppppnbk/1N6/7n/P2N1b1p/2PP3p/R2P3p/BQPP3p/KB2Rr1q b - - 0 11", 3, 65866},
    {"khans", "5a2/s2skhss/hlt1s1l1/s5s1/P1aP1N2/6P1/NPPBPKBP/2RQ3R w - - 1 16", 3, 70349},
    {"wildebeest",
     "rnccw1k1bnr/p1p1ppb1ppp/1p5p1B1/6q4/3p2p4/2PP7/11/4P2P3/PP2WPP1PPP/RN1BQK1CCNR w - - 3 9", 3,
     276529},
    {"chak", "rv1sk1jvr/4os3/pp6p/5Vp2/3+p2+P2/9/V1PPPQ2P/1J2O4/1RS1K1SRq w - - 4 16", 3, 49877},
    {"elgam",
     "r1eoc2oeh1/4a1a2v1/1C2c1k3r/s1s1ssC1s1s/3h6S/11/S1S1S1S1S2/R1V8/10R/1HEOAKAOEH1[] w - - 11 "
     "16",
     3, 191669},
    // Sittuyin's promotions: in place and by a fers step, none attacking an enemy piece.
    {"sittuyin", "3rk3/8/2n1p3/3PP3/8/6r1/4K3/8[] w - - 0 30", 3, 4977},
    {"sittuyin", "4k3/8/8/8/2P5/8/4K3/8[] w - - 0 40", 3, 864},
    {"sittuyin", "r3k3/1P6/8/3PP3/8/8/8/4K3[] w - - 0 40", 3, 4166},
};

TEST(FairyPawns, PerftEqualsFairyStockfish) {
  for (const PerftCase& c : pawns_cases) {
    auto v = pawns_variant(c.variant);
    ASSERT_TRUE(v) << c.variant;
    Position pos = test::position_of(v->rules, c.fen);
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " " << c.fen;
  }
}

TEST(FairyPawns, BetzaInitialMovesAndEnPassant) {
  std::string error;
  auto p = parse_betza("fmWfceFifmnD", error);
  ASSERT_TRUE(p) << error;
  EXPECT_TRUE(p->en_passant);
  const auto initial = std::count_if(p->vectors.begin(), p->vectors.end(),
                                     [](const BetzaVector& v) { return v.initial; });
  EXPECT_EQ(initial, 1);
  for (const BetzaVector& v : p->vectors)
    if (v.initial) {
      EXPECT_FALSE(v.captures);
    }
  // Fairy-Stockfish has no initial captures: `ic` gives no move.
  auto c = parse_betza("icD", error);
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->vectors.empty());
  EXPECT_FALSE(parse_betza("ipR", error));
  // Lame leapers other than D, N, A and Z have no move, as in Fairy-Stockfish.
  auto camel = parse_betza("nC", error);
  ASSERT_TRUE(camel);
  EXPECT_TRUE(camel->vectors.empty());
}

TEST(FairyPawns, BerolinaEnPassantTakesThePawnThatPassed) {
  auto g = catalogue_game("berolina", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  ASSERT_TRUE(g);
  ASSERT_TRUE(g->apply("e2c4").ok());
  // The square passed and the pawn's own square, as Fairy-Stockfish writes them.
  EXPECT_EQ(g->position(), "4k3/8/8/8/2Pp4/8/8/4K3 b - d3c4 0 1");
  auto moves = g->legal_moves();
  EXPECT_TRUE(lists(moves, "d4d3"));
  ASSERT_TRUE(g->apply("d4d3").ok());
  EXPECT_EQ(g->position(), "4k3/8/8/8/8/3p4/8/4K3 w - - 0 2");
  // Read back from a FEN.
  EXPECT_TRUE(lists(sorted_moves("berolina", "4k3/8/8/8/2Pp4/8/8/4K3 b - d3c4 0 1"), "d4d3"));
}

TEST(FairyPawns, NMoveRuleTypesCountOnlyMovesThatCannotBeTakenBack) {
  // pawnback: nMoveRuleTypes = -, a pawn's step does not reset the count.
  auto g = catalogue_game("pawnback", "4k3/8/8/8/3P4/8/8/4K3 w - - 5 10");
  ASSERT_TRUE(g);
  ASSERT_TRUE(g->apply("d4d3").ok());
  EXPECT_EQ(g->position(), "4k3/8/8/8/8/3P4/8/4K3 b - - 6 10");
  // allwayspawns: a pawn that steps every way resets it only with a move it cannot undo.
  auto a = pawns_game("allwayspawns", "4k3/8/8/8/3P4/8/8/4K3 w - - 5 10");
  ASSERT_TRUE(a);
  ASSERT_TRUE(a->apply("d4c4").ok());
  EXPECT_EQ(a->position(), "4k3/8/8/8/2P5/8/8/4K3 b - - 6 10");
}

TEST(FairyPawns, TripleStepLeavesBothSquaresPassed) {
  auto g = pawns_game(
      "wildebeest", "rnccwkqbbnr/ppppppppppp/11/11/11/3p7/11/11/PPPPPPPPPPP/RNBBQKWCCNR w - - 0 1");
  ASSERT_TRUE(g);
  ASSERT_TRUE(g->apply("e2e5").ok());
  EXPECT_EQ(g->position(),
            "rnccwkqbbnr/ppppppppppp/11/11/11/3pP6/11/11/PPPP1PPPPPP/RNBBQKWCCNR b - e4 0 1");
  EXPECT_TRUE(lists(g->legal_moves(), "d5e4"));
}

TEST(FairyPawns, LettersTakenByOtherPiecesLeaveInheritedKeys) {
  // dragon-chess's b, n and r are pieces of its own: a pawn promotes to the queen only.
  const auto moves = pawns_moves("dragon-chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_TRUE(lists(moves, "b7b8q"));
  EXPECT_FALSE(lists(moves, "b7b8r"));
  EXPECT_FALSE(lists(moves, "b7b8n"));
}

TEST(FairyPawns, PawnTypesKeysReadInFairyStockfishOrder) {
  VariantError error;
  auto file = parse_variant_file(
      "[a:chess]\npromotionPawnTypes = -\npawnTypes = p\nnMoveRuleTypesWhite = n\n"
      "nMoveRuleTypes = b\n",
      error);
  ASSERT_TRUE(file) << error.to_string();
  const VariantSettings& s = file->find("a")->settings;
  EXPECT_EQ(s.promotion_pawn_types_white, "-");  // the key for both wins over pawnTypes
  EXPECT_EQ(s.en_passant_types_black, "p");
  EXPECT_EQ(s.n_move_rule_types_white, "n");  // a side's own key wins over both
  EXPECT_EQ(s.n_move_rule_types_black, "b");
}

TEST(FairyPawns, SpartanDupleCheck) {
  // Both black kings attacked by the rook: a move must part them from it, or take it.
  auto g = catalogue_game("spartan", "2k1Rk2/8/8/8/8/8/8/4K3 b - - 0 1");
  ASSERT_TRUE(g);
  auto moves = g->legal_moves();
  std::sort(moves.begin(), moves.end());
  EXPECT_EQ(moves, (std::vector<std::string>{"c8b7", "c8c7", "c8d7", "f8e8", "f8f7", "f8g7"}));
  // One king attacked is no check while the other is safe.
  auto one = catalogue_game("spartan", "2k2k2/8/8/8/8/8/8/R3K3 b - - 0 1");
  ASSERT_TRUE(one);
  EXPECT_EQ(one->legal_moves().size(), 10u);
}

TEST(FairyPawns, SittuyinPromotions) {
  // The last pawn promotes anywhere, in place or by a fers step.
  auto last = sorted_moves("sittuyin", "4k3/8/8/3P4/8/8/8/4K3[] w - - 0 40");
  EXPECT_EQ(last, (std::vector<std::string>{"d5c4f", "d5c6f", "d5d5f", "d5d6", "d5e4f", "d5e6f",
                                            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}));
  // With two pawns, only one on the promotion diagonals promotes.
  auto two = sorted_moves("sittuyin", "4k3/8/8/3P4/1P6/8/8/4K3[] w - - 0 40");
  EXPECT_FALSE(lists(two, "b4b4f"));
  EXPECT_TRUE(lists(two, "d5d5f"));
  // A promotion is never by moving into the region, and none once a fers is on the board.
  auto fers = sorted_moves("sittuyin", "4k3/8/8/3P4/8/8/8/3FK3[] w - - 0 40");
  EXPECT_FALSE(lists(fers, "d5d5f"));
  // Rooks are dropped on the first rank only.
  auto drops = sorted_moves("sittuyin", "");
  EXPECT_TRUE(lists(drops, "R@a1"));
  EXPECT_FALSE(lists(drops, "R@a2"));
  EXPECT_TRUE(lists(drops, "N@a2"));
}

// SAN as ffish-es6 writes it (its sanMove): a custom pawn with its letter, a sittuyin
// promotion in place without a square, onto another square from its square.
TEST(FairyPawns, SanOfPawnsOfOtherMoves) {
  auto san = [](const std::string& variant, const std::string& fen, const std::string& uci) {
    auto g = catalogue_game(variant, fen);
    if (!g || !g->apply(uci).ok()) return std::string();
    return g->display_notation(0, Viewer::referee);
  };
  EXPECT_EQ(san("sittuyin", "4k3/8/8/3P4/8/8/8/4K3[] w - - 0 40", "d5d5f"), "d5=F");
  EXPECT_EQ(san("sittuyin", "4k3/8/8/3P4/8/8/8/4K3[] w - - 0 40", "d5c4f"), "d5c4=F");
  EXPECT_EQ(san("berolina", "", "e2c4"), "Pec4");
  EXPECT_EQ(san("berolina", "4k3/8/8/8/2Pp4/8/8/4K3 b - d3c4 0 1", "d4d3"), "Pxd3");
  EXPECT_EQ(san("pawnsideways", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), "Pb8=Q+");
}

TEST(FairyPawns, SittuyinStalemateWithPromotionsOnly) {
  // A king with one pawn, not in check, whose every move is a promotion: a draw.
  auto g = catalogue_game("sittuyin", "1r6/8/8/8/6s1/6P1/7r/K7[] w - - 0 40");
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->over());
  EXPECT_EQ(g->outcome().reason, "stalemate");
}

TEST(FairyPawns, APawnsPassRestartsTheMoveCount) {
  // Without a king a pass names the side's first piece; a pawn's restarts the count, as in
  // Fairy-Stockfish (ffish-es6: 4k3/8/8/8/8/8/P3K3/8 b - - 0 1).
  auto v = load_variant(
      "[pawnpass:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\n"
      "extinctionValue = loss\nextinctionPieceTypes = k\npass = true\n",
      "pawnpass");
  ASSERT_TRUE(v.ok()) << v.error().message;
  auto g = create_fairy_game(*v, "4k3/8/8/8/8/8/P3K3/8 w - - 5 1");
  ASSERT_TRUE(g.ok());
  ASSERT_TRUE((*g)->apply("a2a2").ok());
  EXPECT_EQ((*g)->position(), "4k3/8/8/8/8/8/P3K3/8 b - - 0 1");
  ASSERT_TRUE((*g)->apply("e8e8").ok());
  EXPECT_EQ((*g)->position(), "4k3/8/8/8/8/8/P3K3/8 w - - 1 2");
}

}  // namespace
}  // namespace banmen::fairy
