// Deeper perft against Fairy-Stockfish's counts: depth 5 for the 8x8 variants and
// capablanca, depth 4 for grand and the xiangqi family. Release builds only (tens of
// millions of nodes).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

TEST(FairyPerftDeep, StartPositionsMatchFairyStockfish) {
  struct Case {
    const char* variant;
    int depth;
    std::uint64_t count;
  } cases[] = {
      {"grand", 4, 15921643},        {"almost", 5, 7812388},     {"shatranj", 5, 1164248},
      {"makruk", 5, 6223994},        {"knightmate", 5, 3249033}, {"amazon", 5, 9319911},
      {"kingofthehill", 5, 4865609}, {"chess960", 5, 4865609},   {"capablanca", 5, 28741319},
  };
  for (const auto& c : cases) {
    const Rules& rules = test::builtin_rules(c.variant);
    Position pos = test::position_of(rules, "");
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " depth " << c.depth;
  }
}

// Fairy-Stockfish's catalogue by name, each at a depth of 100,000 to 3,000,000 nodes
// (clobber10's 5,231,000 at depth 3 is the first above 31,252): xiangqi's family, the
// grasshopper, janggi and the rest (xiangqi's 3,290,240 is also the published count).
TEST(FairyPerftDeep, CatalogueStartPositionsMatchFairyStockfish) {
  struct Case {
    const char* variant;
    int depth;
    std::uint64_t count;
  } cases[] = {
      {"xiangqi", 4, 3290240},     {"minixiangqi", 4, 127164},    {"manchu", 4, 798554},
      {"grasshopper", 4, 635298},  {"fairy", 4, 197281},          {"normal", 4, 197281},
      {"fischerandom", 4, 197281}, {"caparandom", 4, 805128},     {"raazuvaa", 5, 556525},
      {"torpedo", 4, 209719},      {"misere", 4, 197281},         {"paradigm", 4, 204459},
      {"dragon", 4, 200857},       {"sortofalmost", 4, 239279},   {"chigorin", 4, 229973},
      {"perfect", 4, 423107},      {"losalamos", 5, 191846},      {"modern", 4, 433729},
      {"chancellor", 4, 436656},   {"centaur", 4, 763180},        {"tencubed", 4, 2906895},
      {"opulent", 3, 133829},      {"asean", 4, 273026},          {"ai-wok", 4, 485045},
      {"courier", 4, 500337},      {"georgian", 4, 318185},       {"losers", 4, 152955},
      {"codrus", 4, 153299},       {"extinction", 4, 197742},     {"kinglet", 4, 197742},
      {"threekings", 4, 199514},   {"horde", 5, 265223},          {"coregal", 4, 195896},
      {"clobber", 4, 2630382},     {"clobber10", 3, 5231000},     {"breakthrough", 4, 256036},
      {"jesonmor", 4, 868624},     {"fox-and-hounds", 8, 141427}, {"mini", 5, 533203},
      {"euroshogi", 4, 380499},    {"shoshogi", 4, 445372},       {"okisakishogi", 4, 1697913},
      {"torishogi", 4, 103857},    {"yarishogi", 4, 158404},      {"shako", 3, 185938},
      {"suicide", 4, 153299},      {"atomic", 5, 4864979},        {"3check", 5, 4865609},
      {"racingkings", 5, 9472927}, {"janggi", 4, 1065277},        {"janggicasual", 4, 1083563},
      {"kyotoshogi", 5, 225903},   {"micro", 6, 748638},          {"dobutsu", 7, 643982},
      {"checkshogi", 4, 719408},   {"ataxx", 4, 155888},          {"flipersi", 10, 220736},
      {"flipello", 8, 390216},     {"flipello10", 8, 392268},     {"berolina", 4, 882717},
      {"pawnsideways", 4, 250145}, {"pawnback", 4, 211739},       {"legan", 5, 112012},
      {"wolf", 4, 353804},         {"spartan", 4, 473282},        {"sittuyin", 3, 580096},
  };
  for (const auto& c : cases) {
    auto variant = named_variant(c.variant);
    ASSERT_TRUE(variant) << c.variant;
    Position pos = test::position_of(variant->rules, "");
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " depth " << c.depth;
  }
}

// Walls placed by the moves, and capturers turned into walls: the catalogue's variants by
// name (petrified among them) and Fairy-Stockfish's own sections in
// test_variants_walling.ini, from their starts and from positions of random games
// (walling_test.cpp has them at smaller depths). A position with walls counts its leaves by
// list (duck's 250 million at depth 3 are 380,000 lists).
TEST(FairyPerftDeep, WallingMatchesFairyStockfish) {
  std::ifstream in(BANMEN_FAIRY_TEST_WALLING);
  std::stringstream text;
  text << in.rdbuf();
  struct Case {
    const char* variant;
    const char* fen;
    int depth;
    std::uint64_t count;
  } cases[] = {
      {"duck", "", 3, 249921262},
      {"duck", "1nbq2n1/rpp2k2/p4p2/N2pp1p1/P2PPNpr/b1P2P2/1P2*2P/R1BQKBR1 w Q - 1 13", 2, 1483147},
      {"duck", "rn1kqb2/4p3/b5p1/pp1p1P1r/PP1p1BPN/2N2P1P/2P*2B1/R3QR1K b - - 0 21", 2, 1462107},
      {"duck", "Q1Q1Q1Q1/1Q1Q1Q1Q/8/8/8/8/8/k6K w - - 0 1", 2, 817954},
      {"isolation", "", 3, 13032440},
      {"isolation", "1*2p*/5*/2*2*/6/1*4/4P1/1**3/*3*1 w - - 10 6", 3, 5083355},
      {"isolation7x7", "", 3, 13974620},
      {"isolation7x7", "2*3*/2*1*2/1*2*2/*2p1*1/4*1*/4P1*/*6 w - - 12 7", 3, 6325438},
      {"snailtrail", "", 8, 151462},
      {"joust", "", 6, 31630},
      {"amazons", "", 2, 4307152},
      {"amazons", "8*Q/3*1*4/7*2/*5*1**/1Q2**3*/q2q2**2/*1**4Q1/1*q3*1*1/6*3/q7Q1 w - - 20 11", 2,
       196355},
      {"atomicduck", "", 2, 379440},
      {"atomicduck", "r2*kbnr/2p1pp1p/b1n3p1/pp1p4/2P3PP/PP3K2/1B1PP3/RN1Q1BNR w kq - 0 11", 2,
       1064004},
      {"atlantis", "", 5, 20255261},
      {"atlantis", "1n*r*bnr/pb2qkpp/1pP2p1*/1B1pP3/*3P1P*/P1N2N2/*PP4P/R1BQK2R w KQ - 0 16", 3,
       82537},
      {"la-mancha-squeez", "", 5, 420069},
      {"la-mancha-duel", "", 5, 430097},
      {"cowboys", "", 3, 454956},
      {"cowboys", "5*1/1nnn3/*5n/1***1*1/N4NN/*1**3/2N1*2 w - - 10 6", 3, 58109},
      {"petrified", "", 5, 7206900},
      {"nuclear", "", 5, 4861099},
  };
  for (const auto& c : cases) {
    auto variant = named_variant(c.variant);
    if (!variant) {
      auto loaded = load_variant(text.str(), c.variant);
      ASSERT_TRUE(loaded.ok()) << c.variant;
      variant = *loaded;
    }
    Position pos = test::position_of(variant->rules, c.fen);
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " " << c.fen << " depth " << c.depth;
  }
}

// Castle chess (castlingWins) and three musketeers (collinearN), with their test-only
// sections, from test_variants_castling.ini and test_variants_collinear.ini
// (castling_rules_test.cpp and collinear_test.cpp have them at smaller depths).
TEST(FairyPerftDeep, CastlingWinsAndCollinearMatchFairyStockfish) {
  const test::PerftCase castling[] = {
      {"castle", "", 5, 4745193},
      {"castle", "r3kbnr/pppq1ppp/2npb3/4p3/4P3/2NPB3/PPPQ1PPP/R3KBNR w KQkq - 0 1", 4, 1563148},
      {"castle-all", "", 5, 4234897},
      {"castle-near", "", 5, 4518469},
      {"castle-white-king", "", 5, 3443074},
  };
  test::expect_file_perft(BANMEN_FAIRY_TEST_CASTLING, castling);
  const test::PerftCase collinear[] = {
      {"three-musketeers", "", 8, 2325116},
      {"three-musketeers", "pp1pp/p1Mpp/pMp1p/ppppM/ppppp w - - 0 1", 7, 2468673},
      {"three-musketeers-diagonal", "", 8, 1587360},
      {"four-musketeers", "", 6, 547860},
  };
  test::expect_file_perft(BANMEN_FAIRY_TEST_COLLINEAR, collinear);
}

// The sections of test_variants_ranged.ini one ply deeper than perft_test.cpp has them.
TEST(FairyPerftDeep, RangedHoppersAndPromotedKingMatchFairyStockfish) {
  const test::PerftCase cases[] = {
      {"cannonshogi", "", 4, 13406022},
      {"cannonshogi",
       "ln2kgsn1/1rs1cu1b1/p+Up3p2/1i1p5/1p4c2/3I4l/PPP1PGP2/1BA1K1R1A/LNSGG1SNL[] w - - 7 16", 4,
       11308232},
      {"cannonshogi",
       "l1p1kub+Al/1scig1l2/+L+rp1spppu/2b2N3/4P4/4GNpI1/2PPGPNR1/2SG1SC2/1N2K3+a[] w - - 1 31", 4,
       8700480},
      {"cannonshogi",
       "ln+Cg2s1l/2si1Ag2/prpipk1N1/6p1r/4+b3p/c3P2p1/LP3GP1P/UBSUA4/1N1K1GSNL[] b - - 0 26", 4,
       14502671},
      {"forward", "", 5, 4457465},
      {"forward", "l1sf4/p1pp4/e+sp4l/1F2PP1p/1SE4p/PP3G1L/L1P2e2/2+g5 w - - 0 26", 5, 2914572},
      {"forward", "+GS1E4/3B4/7l/3N3p/4+s2P/5p1L/4+g3/2e5 b - - 0 63", 5, 469331},
      {"rangedcannons", "", 5, 5447251},
      {"rangedcannons", "r1a2knr/pp1pqpp1/2p1p3/7p/P4c2/dPPKP1PN/R2P1PDP/1CAQ3R w - - 1 11", 4,
       2552263},
  };
  test::expect_file_perft(BANMEN_FAIRY_TEST_RANGED, cases);
}

}  // namespace
}  // namespace banmen::fairy
