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

}  // namespace
}  // namespace banmen::fairy
