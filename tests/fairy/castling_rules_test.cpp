// Castling rules of Fairy-Stockfish's variants.ini (tests/fairy/test_variants_castling.ini):
// perft against Fairy-Stockfish's counts (`go perft N` with VariantPath set to that file),
// and each rule by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "fairy/factory.h"
#include "fairy_test_util.h"

namespace banmen::fairy {
namespace {

std::shared_ptr<const VariantRules> castling_variant(const std::string& name) {
  std::ifstream in(BANMEN_FAIRY_TEST_CASTLING);
  std::stringstream text;
  text << in.rdbuf();
  auto v = load_variant(text.str(), name);
  EXPECT_TRUE(v.ok()) << name << ": " << (v.ok() ? "" : v.error().message);
  return v.ok() ? *v : nullptr;
}

std::uint64_t castling_perft(const std::string& name, const std::string& fen, int depth) {
  auto v = castling_variant(name);
  if (!v) return 0;
  Position pos = test::position_of(v->rules, fen);
  return perft(pos, depth);
}

TEST(FairyCastlingRules, OppositeCastlingPerftEqualsFairyStockfish) {
  EXPECT_EQ(castling_perft("opposite-castling", "", 4), 197281u);
  // Chess has 314,346 here: castling takes the other side's on the same wing.
  EXPECT_EQ(castling_perft("opposite-castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 4),
            314279u);
}

TEST(FairyCastlingRules, OppositeCastlingTakesTheSameWingOnly) {
  auto v = castling_variant("opposite-castling");
  ASSERT_TRUE(v);
  auto g = create_fairy_game(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(g.ok());
  ASSERT_TRUE((*g)->apply("e1g1").ok());
  auto moves = (*g)->legal_moves();
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e8g8"), 0);  // the same wing: gone
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e8c8"), 1);  // the other: kept
}

// Castle chess (castlingWins) and test-only sections from starts where castling comes soon.
TEST(FairyCastlingRules, CastlingWinsPerftEqualsFairyStockfish) {
  const test::PerftCase cases[] = {
      // Chess's counts up to depth 4: no ending comes sooner.
      {"castle", "", 4, 197281},
      {"castle", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 4, 103629},
      {"castle", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", 3, 4581},
      {"castle", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", 3, 11081},
      {"castle", "r3kbnr/pppq1ppp/2npb3/4p3/4P3/2NPB3/PPPQ1PPP/R3KBNR w KQkq - 0 1", 3, 41993},
      // Every Black move ends it: castling queen side wins, any other loses the right.
      {"castle", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1", 2, 209},
      {"castle", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1", 3, 0},
      // Black's right listed but gone from the start: lost before any move.
      {"castle", "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", 1, 0},
      {"castle-all", "", 4, 215589},
      {"castle-all", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 4, 68785},
      {"castle-all", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1", 2, 400},
      {"castle-near", "", 4, 269642},
      {"castle-white-king", "", 4, 148293},
      {"castle-white-king", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", 3, 11558},
  };
  test::expect_file_perft(BANMEN_FAIRY_TEST_CASTLING, cases);
}

// A game of a castling section from a FEN, after the moves given.
GamePtr castling_game(const std::string& name, const std::string& fen,
                      std::initializer_list<const char*> moves = {}) {
  auto g = create_fairy_game(castling_variant(name), fen);
  EXPECT_TRUE(g.ok()) << name << " " << fen;
  if (!g.ok()) return nullptr;
  for (const char* m : moves) EXPECT_TRUE((*g)->apply(m).ok()) << m;
  return std::move(*g);
}

const char* const castling_soon = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1";

TEST(FairyCastlingRules, CastlingOnTheListedWingWins) {
  // castle lists q: Black castling queen side wins at once.
  auto g = castling_game("castle", castling_soon, {"e8c8"});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->outcome(), Outcome::win(1, "castling"));
  EXPECT_TRUE(g->legal_moves().empty());
  // White's castling, not listed, is a move as in chess.
  auto white =
      castling_game("castle", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", {"e1c1"});
  ASSERT_TRUE(white);
  EXPECT_FALSE(white->outcome().over());
}

TEST(FairyCastlingRules, LosingTheListedRightLoses) {
  // Castling on the other wing moves the king: the right listed is gone, Black loses.
  auto king_side = castling_game("castle", castling_soon, {"e8g8"});
  ASSERT_TRUE(king_side);
  EXPECT_EQ(king_side->outcome(), Outcome::win(0, "castling_right"));
  // So does moving the queen-side rook; the king-side rook's right is not listed.
  auto rook = castling_game("castle", castling_soon, {"a8b8"});
  ASSERT_TRUE(rook);
  EXPECT_EQ(rook->outcome(), Outcome::win(0, "castling_right"));
  auto other_rook = castling_game("castle", castling_soon, {"h8g8"});
  ASSERT_TRUE(other_rook);
  EXPECT_FALSE(other_rook->outcome().over());
  // The rook taken: Black, to move, loses.
  auto taken = castling_game("castle", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1", {"a1a8"});
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->outcome(), Outcome::win(0, "castling_right"));
  // A start without the listed right is lost before any move.
  auto gone = castling_game("castle", "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1");
  ASSERT_TRUE(gone);
  EXPECT_EQ(gone->outcome(), Outcome::win(0, "castling_right"));
}

TEST(FairyCastlingRules, BothRightsLostInOneMoveLoseForTheMover) {
  // With every right listed, a rook taking a rook ends both sides' queen-side rights (and
  // neither has another): the side that moved is looked at first, and loses.
  auto g = castling_game("castle-all", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1", {"a1a8"});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->outcome(), Outcome::win(1, "castling_right"));
  // One right of several listed is not enough to lose: White keeps its king side.
  auto one = castling_game("castle-all", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"a1b1"});
  ASSERT_TRUE(one);
  EXPECT_FALSE(one->outcome().over());
}

TEST(FairyCastlingRules, TheCastlingWinNeedsTheMoveNotOnlyThePosition) {
  // After Black's winning castling, the position alone shows Black without its right: read
  // from its FEN, with no move before it, it is Black's loss, as Fairy-Stockfish reads it.
  auto g = castling_game("castle", castling_soon, {"e8c8"});
  ASSERT_TRUE(g);
  auto fresh = castling_game("castle", g->position());
  ASSERT_TRUE(fresh);
  EXPECT_EQ(fresh->outcome(), Outcome::win(0, "castling_right"));
}

TEST(FairyCastlingRules, CastlingWinsIsReadAsCastlingRights) {
  VariantError error;
  auto file =
      parse_variant_file("[v:chess]\ncastlingWins = Kq\n[w:chess]\ncastlingWins = -\n", error);
  ASSERT_TRUE(file.has_value()) << error.to_string();
  std::string why;
  auto rules = compile_rules(*file->find("v"), why);
  ASSERT_TRUE(rules.has_value()) << why;
  EXPECT_TRUE(rules->castling_wins[white][0]);
  EXPECT_FALSE(rules->castling_wins[white][1]);
  EXPECT_FALSE(rules->castling_wins[black][0]);
  EXPECT_TRUE(rules->castling_wins[black][1]);
  auto none = compile_rules(*file->find("w"), why);
  ASSERT_TRUE(none.has_value()) << why;
  EXPECT_FALSE(none->castling_wins_any);
  EXPECT_FALSE(parse_variant_file("[v:chess]\ncastlingWins = x\n", error).has_value());
  EXPECT_EQ(error.key, "castlingWins");
}

}  // namespace
}  // namespace banmen::fairy
