// Atomic chess and its relatives of Fairy-Stockfish's catalogue (atomic, nocheckatomic,
// atomar): perft against Fairy-Stockfish's counts (`go perft N` after `setoption name
// UCI_Variant value X`, from the start and from positions of random games; the start's
// counts are also the literature's), and each rule of the blast on its own.
#include <gtest/gtest.h>

#include <algorithm>

#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::catalogue_game;
using test::catalogue_rules;
using test::PerftCase;

constexpr PerftCase atomic_cases[] = {
    {"atomic", "", 4, 197326},
    {"nocheckatomic", "", 3, 8902},
    {"atomic", "rnbqkbnr/1pp1p1p1/p6p/3p4/3P4/1P4P1/P1PNPP1P/R1BQKBR1 w Q - 0 8", 3, 14278},
    {"atomic", "2bqk2r/1ppp2b1/n7/p2Qp2p/P4p2/BPNrPP2/2PP2P1/2R1KBNR w Kk - 2 16", 3, 48137},
    {"atomic", "1rb1k2r/p6p/1p2p3/5p2/P1qP1Pp1/4QR2/1P2P1P1/R3KBN1 w - - 5 23", 3, 24306},
    {"nocheckatomic", "rn2qrk1/p1pb2pp/3pp3/4Pp2/3P3P/P1N2PP1/1PP4R/1R1QK1N1 w - - 1 13", 3, 27615},
    {"atomar", "1nb1k1nr/5pp1/2rbp3/p2p3p/1p3P2/1P2PN1P/PBP2KP1/R1Q2B1R w k - 1 16", 3, 51847},
};

TEST(FairyAtomic, PerftEqualsFairyStockfish) {
  test::expect_catalogue_perft(atomic_cases);
}

bool lists(const Game& g, const std::string& m) {
  const auto moves = g.legal_moves();
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

TEST(FairyAtomic, ACaptureBlastsEveryPieceAroundButPawns) {
  // Nxd5 removes the knight, the d5 pawn it takes, and the bishop and rook beside d5 of
  // either colour; the pawns on c6 and e4 stay.
  auto g = catalogue_game("atomic", "4k3/8/2pr4/3pB3/4P3/2N5/8/4K3 w - - 0 1");
  ASSERT_TRUE(g->apply("c3d5").ok());
  EXPECT_EQ(g->position(), "4k3/8/2p5/8/4P3/8/8/4K3 b - - 0 1");
}

TEST(FairyAtomic, NoMoveMayBlastOnesOwnKing) {
  // The king may not capture (it would blast itself), nor may a piece capture next to it.
  auto g = catalogue_game("atomic", "4k3/8/8/8/8/8/3pp3/4K3 w - - 0 1");
  EXPECT_FALSE(lists(*g, "e1d2"));
  EXPECT_FALSE(lists(*g, "e1e2"));
  auto next_to = catalogue_game("atomic", "4k3/8/8/8/8/8/4p3/3BK3 w - - 0 1");
  EXPECT_FALSE(lists(*next_to, "d1e2"));
  auto apart = catalogue_game("atomic", "4k3/8/8/8/8/3p4/3R4/4K3 w - - 0 1");
  EXPECT_TRUE(lists(*apart, "d2d3"));
}

TEST(FairyAtomic, BlastingTheOtherKingWinsAndTouchingKingsCannotBeChecked) {
  // Qxe7 blasts the black king: legal even though the white king stands in check, and it
  // ends the game at once.
  auto g = catalogue_game("atomic", "8/4pk2/8/8/8/8/r7/K3Q3 w - - 0 1");
  ASSERT_TRUE(lists(*g, "e1e7"));
  ASSERT_TRUE(g->apply("e1e7").ok());
  EXPECT_EQ(g->outcome(), Outcome::win(0, "extinction"));
  // A king next to the other king cannot be taken (the capture would blast both), so the
  // rook's attack on e4 is no check.
  auto touching = catalogue_game("atomic", "8/8/8/3k4/r3K3/8/8/8 w - - 0 1");
  EXPECT_FALSE(touching->over());
  EXPECT_TRUE(lists(*touching, "e4d4"));   // on the rook's rank, but touching: safe
  EXPECT_FALSE(lists(*touching, "e4f4"));  // on the rook's rank, alone: attacked
}

TEST(FairyAtomic, WithoutChecksAKingMayBeLeftAttacked) {
  // ICC's rules: a king may walk into attack; losing it ends the game.
  auto g = catalogue_game("nocheckatomic", "4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
  EXPECT_TRUE(lists(*g, "e1d1"));
  ASSERT_TRUE(g->apply("e1d2").ok());
  ASSERT_TRUE(g->apply("a2d2").ok());
  EXPECT_EQ(g->outcome(), Outcome::win(1, "extinction"));
}

TEST(FairyAtomic, AtomarKingsAreImmuneAndCannotTakeEachOther) {
  auto g = catalogue_game("atomar", "8/8/8/3k4/4K3/8/8/8 w - - 0 1");
  EXPECT_FALSE(lists(*g, "e4d5"));
  // A blast next to a king leaves it standing.
  auto blast = catalogue_game("atomar", "4k3/3r4/8/8/8/8/8/3QK3 w - - 0 1");
  ASSERT_TRUE(blast->apply("d1d7").ok());
  EXPECT_EQ(blast->position(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(FairyAtomic, ARoyalKingWithBlastsIsRefused) {
  VariantError error;
  EXPECT_FALSE(parse_variant_file("[v:chess]\nblastOnCapture = true\n", error));
  EXPECT_EQ(error.key, "blastOnCapture");
  EXPECT_FALSE(parse_variant_file("[v:atomic]\nblastImmuneTypes = q\n", error));
  EXPECT_EQ(error.key, "blastImmuneTypes");
  EXPECT_FALSE(parse_variant_file("[v:atomic]\nflagPieceSafe = true\n", error));
  EXPECT_EQ(error.key, "flagPieceSafe");
}

}  // namespace
}  // namespace banmen::fairy
