// Piece promotion (promotedPieceType, optional or mandatory) and the makruk, cambodian and
// ASEAN counting rules, with the notation Fairy-Stockfish writes for them: '+' after a
// UCI move, "+X" in a FEN, "=X" in SAN. The differential test compares the same rules
// with Fairy-Stockfish on thousands of random positions; these pin single cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "fairy/factory.h"
#include "fairy/fen.h"
#include "fairy/notation.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

// Rooks become chancellors and pawns golds (or the usual pieces) in the three far ranks.
constexpr std::string_view promo_ini =
    "[promo:chess]\ncustomPiece1 = g:WfF\nchancellor = c\npromotionRegionWhite = *6 *7 *8\n"
    "promotionRegionBlack = *3 *2 *1\npromotedPieceType = p:g r:c\ncastling = false\n";

// Makruk's pieces with the given counting rule.
std::string counting_ini(std::string_view rule) {
  return "[count:chess]\nbishop = -\nqueen = -\nsilver = s\nfers = m\n"
         "startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1\n"
         "promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\n"
         "promotionPieceTypes = m\ndoubleStep = false\ncastling = false\nnMoveRule = 0\n"
         "countingRule = " +
         std::string(rule) + "\n";
}

GamePtr game_of(std::string_view ini, std::string_view position) {
  auto v = load_variant(ini, ini.substr(1, ini.find(':') - 1));
  EXPECT_TRUE(v.ok()) << (v.ok() ? "" : v.error().message);
  if (!v.ok()) return nullptr;
  auto g = create_fairy_game(*v, position);
  EXPECT_TRUE(g.ok()) << position << ": " << (g.ok() ? "" : g.error().message);
  return g.ok() ? std::move(*g) : nullptr;
}

bool has(const Game& g, std::string_view move) {
  const auto moves = g.legal_moves();
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

std::string load_error(std::string_view ini) {
  auto v = load_variant(ini, ini.substr(1, ini.find(':') - 1));
  return v.ok() ? std::string() : v.error().message;
}

TEST(FairyPiecePromotion, OptionalIntoWithinAndOutOfTheRegion) {
  auto g = game_of(promo_ini, "4k3/8/8/8/8/8/8/R3K3 w - - 3 1");
  ASSERT_TRUE(g);
  EXPECT_TRUE(has(*g, "a1a6"));
  EXPECT_TRUE(has(*g, "a1a6+"));  // into the region
  EXPECT_TRUE(has(*g, "a1a5"));
  EXPECT_FALSE(has(*g, "a1a5+"));  // outside it
  ASSERT_TRUE(g->apply("a1a6+").ok());
  // The chancellor is written as a promoted rook; the promotion resets the move clock.
  EXPECT_EQ(g->position(), "4k3/8/+R7/8/8/8/8/4K3 b - - 0 1");
  EXPECT_EQ(g->display_notation(0, Viewer::referee), "Ra6=C");
  ASSERT_TRUE(g->apply("e8d7").ok());
  EXPECT_TRUE(has(*g, "a6b8"));    // it jumps like a knight now
  EXPECT_FALSE(has(*g, "a6a1+"));  // and has no promotion of its own

  auto out = game_of(promo_ini, "4k3/8/R7/8/8/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(out);
  EXPECT_TRUE(has(*out, "a6a1+"));  // out of the region
  EXPECT_TRUE(has(*out, "a6h6+"));  // within it
  EXPECT_TRUE(has(*out, "a6h6"));

  // SAN names the origin only among moves of the same kind, as Fairy-Stockfish does.
  for (auto [move, san] : {std::pair{"a1a3", "R1a3"}, {"a6a3", "R6a3"}, {"a6a3+", "Ra3=C"}}) {
    auto two = game_of(promo_ini, "4k3/8/R7/8/8/8/8/R3K3 w - - 0 1");
    ASSERT_TRUE(two && two->apply(move).ok()) << move;
    EXPECT_EQ(two->display_notation(0, Viewer::referee), san);
  }

  // A pawn promotes on entering the region only, to a gold or (mandatorily) otherwise.
  auto pawn = game_of(promo_ini, "4k3/8/8/8/P7/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(pawn);
  EXPECT_TRUE(has(*pawn, "a4a5"));
  EXPECT_FALSE(has(*pawn, "a4a5+"));
  ASSERT_TRUE(pawn->apply("a4a5").ok());
  ASSERT_TRUE(pawn->apply("e8e7").ok());
  EXPECT_TRUE(has(*pawn, "a5a6+"));
  EXPECT_TRUE(has(*pawn, "a5a6q"));
  EXPECT_FALSE(has(*pawn, "a5a6"));  // mandatoryPawnPromotion
}

TEST(FairyPiecePromotion, MandatoryPiecePromotion) {
  const std::string ini = std::string(promo_ini) + "mandatoryPiecePromotion = true\n";
  auto g = game_of(ini, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  ASSERT_TRUE(g);
  EXPECT_TRUE(has(*g, "a1a6+"));
  EXPECT_FALSE(has(*g, "a1a6"));
  EXPECT_TRUE(has(*g, "a1a5"));
  auto inside = game_of(ini, "4k3/8/R7/8/8/8/8/4K3 w - - 0 1");
  ASSERT_TRUE(inside);
  for (const std::string& m : inside->legal_moves()) {
    EXPECT_TRUE(!m.starts_with("a6") || m.ends_with("+")) << m;
  }
}

TEST(FairyPiecePromotion, FenRoundTripAndRefusals) {
  for (const char* fen : {"4k3/8/+R7/8/8/8/8/4K3 b - - 0 1", "4k3/8/8/8/8/+r7/+p7/4K3 w - - 0 1"}) {
    auto g = game_of(promo_ini, fen);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->position(), fen);
  }
  auto v = load_variant(promo_ini, "promo");
  ASSERT_TRUE(v.ok());
  EXPECT_FALSE(create_fairy_game(*v, "4k3/8/+N7/8/8/8/8/4K3 w - - 0 1").ok());  // no n:x pair
  EXPECT_FALSE(create_fairy_game(*v, "4k3/8/7+/8/8/8/8/4K3 w - - 0 1").ok());

  // A promoted piece keeps its origin through moves and captures of it.
  auto g = game_of(promo_ini, "4k3/8/+R7/8/8/8/1r6/4K3 w - - 0 1");
  ASSERT_TRUE(g);
  ASSERT_TRUE(g->apply("a6b6").ok());
  EXPECT_EQ(g->position(), "4k3/8/1+R6/8/8/8/1r6/4K3 b - - 1 1");
  ASSERT_TRUE(g->apply("b2b6").ok());
  EXPECT_EQ(g->position(), "4k3/8/1r6/8/8/8/8/4K3 w - - 0 2");
}

// Forward's g (fFfW) promotes to the king (as Fairy-Stockfish plays it, each checked by its
// perft): the new king is royal, a FEN writes it +G, and of two kings only the one on the
// lower square (a1, b1, ..., a2, ...) moves and is guarded.
constexpr std::string_view forward_ini =
    "[fwd:chess]\ncustomPiece1 = g:fFfW\npromotedPieceType = g:k\ncastling = false\n"
    "extinctionValue = loss\nextinctionPieceTypes = kg\nextinctionPseudoRoyal = true\n"
    "startFen = 3g4/8/8/8/8/8/8/4G3 w - - 0 1\n";

TEST(FairyPiecePromotion, APiecePromotedToTheKingIsRoyal) {
  // The rook guards the 8th rank: neither the g nor the king it would become may go there.
  auto g = game_of(forward_ini, "r7/4G3/8/8/8/8/3g4/8 w - - 0 1");
  ASSERT_TRUE(g);
  EXPECT_TRUE(g->legal_moves().empty());
  g = game_of(forward_ini, "3r4/4G3/8/8/8/8/3g4/8 w - - 0 1");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->legal_moves(), (std::vector<std::string>{"e7d8", "e7d8+"}));
  // Promoted, it is checked and leaves the rook's rank.
  g = game_of(forward_ini, "8/4G3/8/8/8/8/3g4/7r w - - 0 1");
  ASSERT_TRUE(g);
  ASSERT_TRUE(g->apply("e7e8+").ok());
  EXPECT_EQ(g->position(), "4+G3/8/8/8/8/8/3g4/7r b - - 0 1");
  ASSERT_TRUE(g->apply("h1h8").ok());
  EXPECT_TRUE(g->in_check());
  auto moves = g->legal_moves();
  std::sort(moves.begin(), moves.end());
  EXPECT_EQ(moves, (std::vector<std::string>{"e8d7", "e8e7", "e8f7"}));
  // Two kings: the one on e1 moves and is guarded, the one on f7 neither.
  g = game_of(forward_ini, "8/3+g1+G2/8/5P2/8/8/8/4+G3 w - - 1 2");
  ASSERT_TRUE(g);
  moves = g->legal_moves();
  std::sort(moves.begin(), moves.end());
  EXPECT_EQ(moves, (std::vector<std::string>{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "f5f6"}));
}

// Every move and its undoing, two plies deep, restore the promoted pieces' origins (the
// FEN) and the key, whatever is promoted, moved or captured.
TEST(FairyPiecePromotion, MakeUnmakeRestoresPromotedPieces) {
  auto v = load_variant(promo_ini, "promo");
  ASSERT_TRUE(v.ok());
  std::string error;
  auto pos = parse_fen((*v)->rules, "r3k3/1P6/+R+P1+r4/8/8/+p7/1p6/R3K3 w - - 0 1", error);
  ASSERT_TRUE(pos) << error;
  MoveList first;
  pos->legal_moves(first);
  ASSERT_GT(first.size, 20);
  for (const Move& m : first) {
    const std::string before = write_fen(*pos);
    const std::uint64_t key = pos->key();
    pos->make(m);
    MoveList second;
    pos->legal_moves(second);
    for (const Move& r : second) {
      const std::string middle = write_fen(*pos);
      pos->make(r);
      pos->unmake();
      EXPECT_EQ(write_fen(*pos), middle) << uci_move(*pos, r);
    }
    pos->unmake();
    EXPECT_EQ(write_fen(*pos), before) << uci_move(*pos, m);
    EXPECT_EQ(pos->key(), key);
  }
}

TEST(FairyPiecePromotion, DefinitionErrorsNameTheLineAndTheKey) {
  EXPECT_EQ(load_error("[v:chess]\npromotedPieceType = r:x\n"),
            "line 2: promotedPieceType names 'x', which is not a piece of v");
  EXPECT_NE(load_error("[v:chess]\n\npromotedPieceType = k:q\n").find("line 3: promotedPieceType"),
            std::string::npos);
  EXPECT_NE(load_error("[v:chess]\npromotedPieceType = k:q\n").find("promotes the king"),
            std::string::npos);
  EXPECT_EQ(load_error("[v:chess]\npromotedPieceType = r:k\n"), "");  // to the king: played
  EXPECT_NE(load_error("[v:chess]\npromotedPieceType = rq\n").find("line 2"), std::string::npos);
  // A pawn's promotedPieceType is not played with promotions only on captures.
  EXPECT_EQ(load_error("[v:chess]\npromotedPieceType = p:q\npiecePromotionOnCapture = true\n"),
            "line 3: piecePromotionOnCapture is not played with a promotedPieceType for the pawn");
  EXPECT_EQ(load_error("[v:chess]\npromotedPieceType = r:q\npieceDemotion = true\n"
                       "piecePromotionOnCapture = true\n"),
            "");
  EXPECT_EQ(load_error("[v:chess]\nmandatoryPiecePromotion = maybe\n"),
            "line 2: mandatoryPiecePromotion expects true or false");
  // p:- removes an inherited pair; a start position may hold promoted pieces.
  EXPECT_EQ(load_error("[v:chess]\npromotedPieceType = r:q\n[w:v]\npromotedPieceType = r:-\n"), "");
  EXPECT_EQ(load_error("[v:chess]\npromotedPieceType = r:q\n"
                       "startFen = 4k3/8/8/8/8/8/8/+R3K3 w - - 0 1\n"),
            "");
  EXPECT_NE(load_error("[v:chess]\nstartFen = 4k3/8/8/8/8/8/8/+R3K3 w - - 0 1\n"), "");
}

// A bare king against a rook: Cambodian counts 15 moves, makruk 16, ASEAN 16 from zero.
TEST(FairyCounting, LimitsOfEachRule) {
  const char* capture = "8/8/8/n2k4/8/8/R7/4K3 w - - 0 1";
  const std::pair<const char*, const char*> expected[] = {
      {"makruk", "8/8/8/R2k4/8/8/8/4K3 b - 32 6 1"},
      {"cambodian", "8/8/8/R2k4/8/8/8/4K3 b - 30 6 1"},
      {"asean", "8/8/8/R2k4/8/8/8/4K3 b - 32 0 1"},
  };
  for (auto [rule, fen] : expected) {
    auto g = game_of(counting_ini(rule), capture);
    ASSERT_TRUE(g);
    ASSERT_TRUE(g->apply("a2a5").ok());
    EXPECT_EQ(g->position(), fen) << rule;
  }
  // Cambodian's board's honour count starts with up to three pieces, pawns or not.
  const char* thin = "4k3/8/2p5/8/8/5P2/8/RN1K1SMR w - - 0 1";
  const std::pair<const char*, const char*> board_honour[] = {
      {"makruk", "4k3/8/2p5/8/8/5P2/7R/RN1K1SM1 b - - 1 1"},
      {"cambodian", "4k3/8/2p5/8/8/5P2/7R/RN1K1SM1 b - 126 0 1"},
      {"asean", "4k3/8/2p5/8/8/5P2/7R/RN1K1SM1 b - - 1 1"},
  };
  for (auto [rule, fen] : board_honour) {
    auto g = game_of(counting_ini(rule), thin);
    ASSERT_TRUE(g);
    ASSERT_TRUE(g->apply("h1h2").ok());
    EXPECT_EQ(g->position(), fen) << rule;
  }
  auto count = game_of(counting_ini("cambodian"), thin);
  ASSERT_TRUE(count);
  ASSERT_TRUE(count->apply("h1h2").ok());
  ASSERT_TRUE(count->apply("e8e7").ok());
  EXPECT_EQ(count->position(), "8/4k3/2p5/8/8/5P2/7R/RN1K1SM1 w - 126 1 2");
}

TEST(FairyCounting, PassingTheLimitDraws) {
  for (const char* rule : {"cambodian", "asean"}) {
    auto g = game_of(counting_ini(rule), "8/8/8/R2k4/8/8/8/4K3 b - 30 29 40");
    ASSERT_TRUE(g);
    ASSERT_TRUE(g->apply("d5d6").ok());
    EXPECT_FALSE(g->over()) << rule;  // the 30th counted ply is still within the count
    ASSERT_TRUE(g->apply("a5a1").ok());
    EXPECT_EQ(g->outcome(), Outcome::draw("counting")) << rule;
  }
}

// Perft of the differential test's definitions, from positions full of promotions, equal
// to Fairy-Stockfish's counts (ffish-es6 0.7.10, its legal moves walked to the depth).
TEST(FairyPiecePromotion, PerftEqualsFairyStockfish) {
  std::ifstream in(BANMEN_FAIRY_TEST_VARIANTS);
  std::stringstream text;
  text << in.rdbuf();
  const test::PerftCase cases[] = {
      {"promoted", "", 4, 200537},
      {"promoted", "r3k3/1P4P1/8/2N5/8/8/1p4p1/R3K2R w - - 0 1", 4, 677784},
      {"promoted", "4k3/8/+R+N+B+P4/8/8/8/8/4K3 w - - 0 1", 3, 3746},
      {"forcedpromo", "", 4, 4328},
      {"forcedpromo", "r1s1k1/1P4/2b3/3B2/1p4/1K2SR w - - 0 1", 4, 51276},
      // ASEAN chess's own start (Fairy-Stockfish's built-in asean) under aseanend's rules.
      {"aseanend", "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1", 4, 273026},
  };
  for (const test::PerftCase& c : cases) {
    auto v = load_variant(text.str(), c.variant);
    ASSERT_TRUE(v.ok()) << c.variant << ": " << (v.ok() ? "" : v.error().message);
    auto g = create_fairy_game(*v, c.fen);
    ASSERT_TRUE(g.ok()) << c.fen;
    EXPECT_EQ((*g)->perft(c.depth), c.count) << c.variant << " " << c.fen;
  }
}

}  // namespace
}  // namespace banmen::fairy
