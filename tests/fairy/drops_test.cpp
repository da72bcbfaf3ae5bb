// Drops and pockets (Fairy-Stockfish's crazyhouse family) and the variants of its
// catalogue played by name: perft against Fairy-Stockfish's own counts (`go perft N` after
// `setoption name UCI_Variant value X`, with VariantPath set to test_variants_drops.ini for
// its sections), FEN with pockets and promoted pieces, UCI and SAN of drops, inheritance
// from every built-in variant.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "fairy/cost_probe.h"
#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

using test::PerftCase;

std::string drops_ini() {
  std::ifstream in(BANMEN_FAIRY_TEST_DROPS);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The compiled rules of a catalogue variant or of a section of test_variants_drops.ini.
const Rules& rules_of(const std::string& name) {
  if (auto v = named_variant(name)) return v->rules;
  static std::map<std::string, std::shared_ptr<const VariantRules>> cache;
  auto& v = cache[name];
  if (!v) {
    auto loaded = load_variant(drops_ini(), name);
    EXPECT_TRUE(loaded.ok()) << name << ": " << (loaded.ok() ? "" : loaded.error().message);
    v = *loaded;
  }
  return v->rules;
}

constexpr PerftCase drop_cases[] = {
    {"crazyhouse", "", 4, 197281},
    {"placement", "", 3, 50560},
    {"crazyhouse", "r2qkb1r/ppp2ppp/2np1n2/4p3/2B1P1b1/2NP1N2/PPP2PPP/R1BQK2R[BNbn] w KQkq - 0 7",
     2, 9942},
    {"crazyhouse", "4k3/1P6/8/8/8/8/8/Q~3K2R[Pp] w K - 0 30", 3, 195428},
    // A promoted queen (Q~) goes back to the hand as a pawn; in loop as a queen.
    {"crazyhouse", "4k3/8/8/8/8/8/r7/Q~3K3[] b - - 0 30", 3, 4391},
    {"loop", "4k3/8/8/8/8/8/r7/Q~3K3[] b - - 0 30", 3, 4433},
    // Placement: opposite-coloured bishops, and castling rights for dropped kings and rooks.
    {"placement", "8/pppppppp/8/8/8/8/PPPPPPPP/R7[KQRBBNNkqrrbbnn] b - - 0 1", 3, 44240},
    {"placement", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[RRrr] w - - 0 8", 5, 38052},
    {"nifu", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 3", 3, 24238},
    {"droppromo", "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Nn] w KQkq - 0 3", 2, 7775},
    {"lancehouse", "rlqkbr/pppp1p/6/4p1/PPPPPP/RLQKBR[Ll] w - - 0 3", 3, 5093},
    {"mustknight", "", 3, 47336},
    {"halfdrops", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 3", 3, 76075},
};

TEST(FairyDrops, PerftEqualsFairyStockfish) {
  for (const PerftCase& c : drop_cases) {
    Position pos = test::position_of(rules_of(c.variant), c.fen);
    EXPECT_EQ(perft(pos, c.depth), c.count) << c.variant << " " << c.fen;
  }
}

TEST(FairyDrops, FenKeepsPocketsAndPromotedPieces) {
  for (const char* fen : {"4k3/1P6/8/8/8/8/8/Q~3K2R[QPpp] w K - 0 30",
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"}) {
    Position pos = test::position_of(rules_of("crazyhouse"), fen);
    EXPECT_EQ(write_fen(pos), fen);
  }
  // The pocket is written from the king down Fairy-Stockfish's order of types.
  Position pos = test::position_of(rules_of("placement"), "");
  EXPECT_EQ(write_fen(pos), "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1");
  std::string error;
  // A pocket in a variant without drops is refused.
  EXPECT_FALSE(
      parse_fen(test::builtin_rules("chess960"), "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", error));
}

TEST(FairyDrops, DropsAreWrittenAsFairyStockfishWritesThem) {
  Position pos = test::position_of(
      rules_of("crazyhouse"), "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 0 4");
  Move m{};
  ASSERT_TRUE(find_uci_move(pos, "P@d4", m));
  EXPECT_EQ(m.kind, MoveKind::drop);
  EXPECT_EQ(san_move(pos, m), "P@d4");
  pos.make(m);
  EXPECT_EQ(write_fen(pos), "rnb1kbnr/ppp1pppp/8/q7/3P4/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 0 4");
  ASSERT_TRUE(find_uci_move(pos, "P@b4", m));
  EXPECT_EQ(san_move(pos, m), "P@b4");
  // A capture puts the piece in the capturer's hand.
  Position capture = test::position_of(rules_of("crazyhouse"), "4k3/8/8/8/8/8/3r4/4K3[] w - - 0 1");
  ASSERT_TRUE(find_uci_move(capture, "e1d2", m));
  capture.make(m);
  EXPECT_EQ(write_fen(capture), "4k3/8/8/8/8/8/3K4/8[R] b - - 0 1");
  // Dropped as its promoted type: '+' and the letter in hand.
  Position promo =
      test::position_of(rules_of("droppromo"),
                        "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Nn] w KQkq - 0 3");
  ASSERT_TRUE(find_uci_move(promo, "+N@d3", m));
  EXPECT_EQ(san_move(promo, m), "C@d3");
  promo.make(m);
  EXPECT_EQ(write_fen(promo),
            "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/3+N1N2/PPPP1PPP/RNBQKB1R[n] b KQkq - 0 3");
}

TEST(FairyDrops, EveryBuiltInIsAParent) {
  const std::string ini =
      "[gemini:capablanca]\n"
      "startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n"
      "[zh:crazyhouse]\ndropChecks = false\n";
  for (const char* name : {"gemini", "zh"}) {
    auto v = load_variant(ini, name);
    ASSERT_TRUE(v.ok()) << name << ": " << v.error().message;
  }
  EXPECT_TRUE((*load_variant(ini, "zh"))->rules.drops);
  for (const VariantDefinition& d : catalogue_variants().variants)
    EXPECT_NE(named_variant(d.name), nullptr) << d.name;
  auto refused = load_variant("[x:nowhere]\n", "x");
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("the parent nowhere is neither"), std::string::npos);
}

// Rooms do not play drops yet: the rooms' gate (the cost probe) refuses them with the reason.
// Connections (connectN, connectNxN, connect regions), as Fairy-Stockfish judges them;
// differential.mjs plays the same definitions against ffish-es6.
TEST(FairyDrops, ConnectionsWinForTheSideThatConnects) {
  auto play = [](const char* variant, std::initializer_list<const char*> moves) {
    auto loaded = load_variant(drops_ini(), variant);
    EXPECT_TRUE(loaded.ok()) << variant;
    auto g = create_fairy_game(*loaded, "");
    EXPECT_TRUE(g.ok());
    for (const char* m : moves) {
      EXPECT_FALSE((*g)->over()) << m;
      EXPECT_TRUE((*g)->apply(m).ok()) << m;
    }
    return std::move(*g);
  };
  EXPECT_EQ(play("threeinrow", {"P@a1", "P@a3", "P@b1", "P@b3", "P@c1"})->outcome(),
            Outcome::win(0, "connect"));
  // A 2x2 square of commoners.
  EXPECT_EQ(play("squarefour", {"M@a1", "M@e5", "M@b1", "M@e4", "M@a2", "M@d5", "M@b2"})->outcome(),
            Outcome::win(0, "connect"));
  // Black's chain from the first rank to the fifth, grown north-east, connects ...
  EXPECT_EQ(play("bridge",
                 {"P@e2", "P@a1", "P@e3", "P@b2", "P@e4", "P@c3", "P@d1", "P@d4", "P@c1", "P@e5"})
                ->outcome(),
            Outcome::win(1, "connect"));
  // ... but one that goes north-west does not: the chain grows east, north, north-east and
  // south-east only, as Fairy-Stockfish's bitboard shifts do.
  EXPECT_FALSE(play("bridge", {"P@a1", "P@e1", "P@a2", "P@d2", "P@a3", "P@c3", "P@a4", "P@b4",
                               "P@b1", "P@a5"})
                   ->over());
}

TEST(FairyDrops, RoomsPlayDrops) {
  auto v = load_variant("[zh:crazyhouse]\ndropChecks = false\n", "zh");
  ASSERT_TRUE(v.ok());
  EXPECT_FALSE(cost_refusal(test::position_of((*v)->rules, "")));
  EXPECT_FALSE(cost_refusal(test::position_of(test::builtin_rules("capablanca"), "")));
}

}  // namespace
}  // namespace banmen::fairy
