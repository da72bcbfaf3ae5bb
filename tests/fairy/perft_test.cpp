// Perft of every built-in variant against Fairy-Stockfish's own counts (`go perft N` after
// `setoption name UCI_Variant value X`; chess960's positions under its name fischerandom
// with UCI_Chess960), from the start positions and from positions chosen to exercise
// castling on wide boards, Chess960 castling, grand's limited promotions, shatranj's bare
// king, makruk's promotion and king of the hill's flag; and the sections of
// test_variants_ranged.ini (hoppers with a range, a piece promoted to the king), with
// VariantPath set to that file. perft_deep_test.cpp goes deeper.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>

#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::PerftCase;

// Start positions at depth 4 (grand, 10x10, at depth 3 here; depth 4 in the deep test).
constexpr PerftCase start_cases[] = {
    {"chess960", "", 4, 197281},   {"capablanca", "", 4, 805128}, {"gothic", "", 4, 808984},
    {"janus", "", 4, 772074},      {"embassy", "", 4, 809539},    {"grand", "", 3, 259514},
    {"almost", "", 4, 290522},     {"shatranj", "", 4, 68122},    {"makruk", "", 4, 273026},
    {"knightmate", "", 4, 139774}, {"amazon", "", 4, 318185},     {"kingofthehill", "", 4, 197281},
};

constexpr PerftCase position_cases[] = {
    // Chess960 positions (Shredder castling letters), Fairy-Stockfish fischerandom.
    {"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 4, 326672},
    {"chess960", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 4, 667366},
    {"chess960", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", 4, 273318},
    {"chess960", "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9", 4, 287739},
    // Castling on 10-file boards with the variants' own king files and targets.
    {"capablanca", "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", 3, 29210},
    {"janus", "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1", 3, 29272},
    {"embassy", "r3k4r/pppppppppp/10/10/10/5c4/PPPPPPPPPP/R3K4R w KQkq - 0 1", 3, 4331},
    // Grand: promotion only to a captured piece's type, optional on ranks 8-9; en passant.
    {"grand", "r8r/1nbqkcabnP/ppppppppp1/10/10/10/10/PPPPPPPP2/1NB1KCABN1/R8R w - - 0 1", 3,
     274442},
    {"grand", "4k5/10/P9/1P8/10/10/8p1/10/6p3/4K5 w - - 0 1", 4, 125221},
    {"grand", "4k5/P9/10/10/10/10/10/10/p9/4K5 w - - 0 1", 4, 14334},
    {"grand", "r8r/1nbqkcabn1/pppppppp1p/8p1/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - i8 0 1", 3,
     267178},
    {"almost", "8/1k5P/8/8/8/3K4/p7/8 b - - 0 1", 2, 140},
    {"kingofthehill", "rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12", 3, 19003},
    // Shatranj: a bared king loses at once when it cannot bare back.
    {"shatranj", "8/8/8/8/8/3k4/8/R3K3 b - - 0 1", 3, 0},
    {"shatranj", "8/8/8/8/8/3k4/8/RR2K3 b - - 0 1", 3, 0},
    {"shatranj", "8/8/8/3q4/8/3k4/1P6/R3K3 w - - 0 1", 4, 13407},
    {"makruk", "8/8/8/3k4/8/2M5/3P4/4K3 w - - 0 1", 5, 33840},
    {"knightmate", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", 3, 15641},
    {"amazon", "4k3/8/8/8/8/8/8/R3K2A w Q - 0 1", 3, 4975},
};

void check(const PerftCase& c) {
  const Rules& rules = test::builtin_rules(c.variant);
  Position pos = test::position_of(rules, c.fen);
  EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " " << c.fen << " depth " << c.depth;
}

TEST(FairyPerft, StartPositionsMatchFairyStockfish) {
  for (const PerftCase& c : start_cases) check(c);
}

TEST(FairyPerft, ChosenPositionsMatchFairyStockfish) {
  for (const PerftCase& c : position_cases) check(c);
}

// A section of test_variants_ranged.ini, loaded once.
const Rules& ranged_section_rules(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const VariantRules>> cache;
  auto& v = cache[name];
  if (!v) {
    std::ifstream in(BANMEN_FAIRY_TEST_RANGED);
    std::stringstream text;
    text << in.rdbuf();
    auto loaded = load_variant(text.str(), name);
    EXPECT_TRUE(loaded.ok()) << name << ": " << (loaded.ok() ? "" : loaded.error().message);
    if (!loaded.ok()) return test::builtin_rules("chess");
    v = *loaded;
  }
  return v->rules;
}

// Cannon shogi's ranged cannons (pB2, pR2) and its drops; forward's g promoted to the king,
// a royal king beside the pseudo-royal one (a lone g on the 7th rank, a king by promotion
// beside one, a g taking the king), and made-up ranged cannons on a chess board. Positions
// of random games played with Fairy-Stockfish's moves, and built by hand.
constexpr PerftCase ranged_cases[] = {
    {"cannonshogi", "", 3, 216600},
    {"cannonshogi",
     "ln2kgsn1/1rs1cu1b1/p+Up3p2/1i1p5/1p4c2/3I4l/PPP1PGP2/1BA1K1R1A/LNSGG1SNL[] w - - 7 16", 3,
     182844},
    {"cannonshogi",
     "l1p1kub+Al/1scig1l2/+L+rp1spppu/2b2N3/4P4/4GNpI1/2PPGPNR1/2SG1SC2/1N2K3+a[] w - - 1 31", 3,
     119585},
    {"cannonshogi",
     "lns1kisnl/2cg3ba/p+U2pgp1p/2p2+b2L/4u4/2C1P1I2/PP+r3PP1/L1A1GR3/1NS1KGSN1[] b - - 3 16", 3,
     220578},
    {"forward", "", 4, 190229},
    {"forward", "l1sf4/p1pp4/e+sp4l/1F2PP1p/1SE4p/PP3G1L/L1P2e2/2+g5 w - - 0 26", 4, 171181},
    {"forward", "+GS1E4/3B4/7l/3N3p/4+s2P/5p1L/4+g3/2e5 b - - 0 63", 4, 34903},
    {"forward", "1F6/2G2g2/5P1l/l4PS1/6Sp/p2s4/7L/6n1 w - - 0 43", 4, 6243},
    {"forward", "8/4G3/8/8/8/8/3g4/8 w - - 0 1", 4, 225},
    {"forward", "3s4/4G3/8/8/8/8/4g3/8 w - - 0 1", 4, 1335},
    {"forward", "3+g4/4G3/8/5P2/8/8/8/4+G3 w - - 0 1", 4, 229},
    {"forward", "8/3G4/8/8/8/8/4g3/4K3 b - - 0 1", 4, 75},
    {"rangedcannons", "", 4, 222442},
    {"rangedcannons", "r1a2knr/pp1pqpp1/2p1p3/7p/P4c2/dPPKP1PN/R2P1PDP/1CAQ3R w - - 1 11", 3,
     61614},
    {"rangedcannons", "rck2d1r/p1ap1p1p/2pD4/2P1p1p1/q3n2P/PPpP4/R1K2PP1/1C3QNR b - - 0 21", 3,
     30826},
    {"rangedcannons", "1c2k1d1/2a5/2pP3r/r1P2K1D/1p5p/p2n3N/PP3P2/RCA1R3 b - - 2 31", 3, 8732},
};

TEST(FairyPerft, RangedHoppersAndPromotedKingMatchFairyStockfish) {
  for (const PerftCase& c : ranged_cases) {
    Position pos = test::position_of(ranged_section_rules(c.variant), c.fen);
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " " << c.fen << " depth " << c.depth;
  }
}

TEST(FairyPerft, MakeUnmakeRestoresPositionAndKey) {
  const Rules& rules = test::builtin_rules("capablanca");
  Position pos =
      test::position_of(rules, "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1");
  const std::string fen = write_fen(pos);
  const std::uint64_t key = pos.key();
  perft(pos, 3);
  EXPECT_EQ(write_fen(pos), fen);
  EXPECT_EQ(pos.key(), key);
}

}  // namespace
}  // namespace banmen::fairy
