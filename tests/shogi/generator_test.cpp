// The fast legal generator against the reference (pseudo-legal moves plus the separate
// legality filters), and the incremental state (key, pawn files, kings) against a fresh
// parse, over seeded random games.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "shogi/legality.h"
#include "shogi/movegen.h"
#include "test_util.h"

namespace banmen::shogi {
namespace {

std::vector<Move> sorted(const MoveList& list) {
  std::vector<Move> v(list.begin(), list.end());
  std::sort(v.begin(), v.end());
  return v;
}

void random_games(const Variant& v, std::string_view start, int games, unsigned seed) {
  std::mt19937 rng(seed);
  for (int g = 0; g < games; ++g) {
    Position pos = testing::position(start, v);
    for (int ply = 0; ply < 160; ++ply) {
      MoveList fast, reference;
      generate_legal(pos, fast);
      generate_legal_reference(pos, reference);
      ASSERT_EQ(sorted(fast), sorted(reference)) << format_sfen(pos);
      // The incremental key and pawn files equal those of the same position parsed anew.
      Position fresh = testing::position(format_sfen(pos), v);
      ASSERT_EQ(pos.key(), fresh.key()) << format_sfen(pos);
      ASSERT_EQ(pos.pawn_files(kBlack), fresh.pawn_files(kBlack));
      ASSERT_EQ(pos.pawn_files(kWhite), fresh.pawn_files(kWhite));
      if (fast.empty()) break;
      const Move m = fast[rng() % fast.size()];
      const std::string before = format_sfen(pos);
      const auto key = pos.key();
      pos.do_move(m);
      pos.undo_move(m);
      ASSERT_EQ(format_sfen(pos), before);
      ASSERT_EQ(pos.key(), key);
      pos.do_move(m);
    }
  }
}

TEST(ShogiGenerator, FastEqualsReferenceFromTheStart) {
  random_games(shogi_variant(), shogi_variant().start_sfen, 30, 1);
}

TEST(ShogiGenerator, FastEqualsReferenceWithHands) {
  random_games(shogi_variant(),
               "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 30, 2);
}

TEST(MinishogiGenerator, FastEqualsReference) {
  random_games(minishogi_variant(), minishogi_variant().start_sfen, 60, 3);
}

TEST(ShogiGenerator, PseudoLegalListsServeOtherVariants) {
  // Dog-cat geometry: 5x5, promotion on the last rank only, camps of two ranks.
  const Variant& v = dogcat_variant();
  EXPECT_EQ(v.squares.size(), 25u);
  EXPECT_TRUE(v.camp[kBlack][v.parse_square('3', 'd')]);
  EXPECT_FALSE(v.camp[kBlack][v.parse_square('3', 'c')]);
  EXPECT_TRUE(v.zone[kBlack][v.parse_square('3', 'a')]);
  EXPECT_FALSE(v.zone[kBlack][v.parse_square('3', 'b')]);
}

}  // namespace
}  // namespace banmen::shogi
