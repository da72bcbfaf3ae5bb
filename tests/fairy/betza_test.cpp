#include "fairy/betza.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace banmen::fairy {
namespace {

BetzaPiece parse(std::string_view text) {
  std::string error;
  auto piece = parse_betza(text, error);
  EXPECT_TRUE(piece.has_value()) << text << ": " << error;
  return piece.value_or(BetzaPiece{});
}

bool has(const BetzaPiece& p, int df, int dr) {
  return std::any_of(p.vectors.begin(), p.vectors.end(),
                     [&](const BetzaVector& v) { return v.file_step == df && v.rank_step == dr; });
}

TEST(FairyBetza, AtomsHaveTheirSymmetricLeaps) {
  EXPECT_EQ(parse("W").vectors.size(), 4u);
  EXPECT_EQ(parse("F").vectors.size(), 4u);
  EXPECT_EQ(parse("N").vectors.size(), 8u);
  EXPECT_EQ(parse("K").vectors.size(), 8u);
  EXPECT_EQ(parse("Q").vectors.size(), 8u);
  EXPECT_TRUE(has(parse("C"), 3, 1));
  EXPECT_TRUE(has(parse("Z"), -2, 3));
  EXPECT_TRUE(has(parse("G"), 3, -3));
  EXPECT_TRUE(has(parse("H"), 0, -3));
}

TEST(FairyBetza, RidersRangesAndDoubledAtoms) {
  for (const BetzaVector& v : parse("R").vectors) EXPECT_EQ(v.max_steps, 0);
  for (const BetzaVector& v : parse("W2").vectors) EXPECT_EQ(v.max_steps, 2);
  for (const BetzaVector& v : parse("R4").vectors) EXPECT_EQ(v.max_steps, 4);
  const BetzaPiece nightrider = parse("NN");
  EXPECT_EQ(nightrider.vectors.size(), 8u);
  for (const BetzaVector& v : nightrider.vectors) EXPECT_EQ(v.max_steps, 0);
}

TEST(FairyBetza, DirectionsSelectTheirHalves) {
  const BetzaPiece pawn = parse("fmWfcF");
  ASSERT_EQ(pawn.vectors.size(), 3u);
  EXPECT_TRUE(has(pawn, 0, 1));
  EXPECT_TRUE(has(pawn, 1, 1));
  EXPECT_TRUE(has(pawn, -1, 1));
  for (const BetzaVector& v : pawn.vectors) EXPECT_EQ(v.moves, v.file_step == 0);
  const BetzaPiece silver = parse("FfW");
  EXPECT_EQ(silver.vectors.size(), 5u);
  // As Fairy-Stockfish reads them (each checked against its perft 1 from d4): a letter
  // alone counts as doubled, so fN is the steep forward pair, like ffN; fsN the flat pair;
  // fhN all four; frN the flat forward-right step and rfN the steep one.
  EXPECT_EQ(parse("fN").vectors.size(), 2u);
  EXPECT_EQ(parse("ffN").vectors.size(), 2u);
  EXPECT_EQ(parse("fsN").vectors.size(), 2u);
  EXPECT_EQ(parse("fhN").vectors.size(), 4u);
  EXPECT_TRUE(has(parse("frN"), 2, 1));
  EXPECT_EQ(parse("frN").vectors.size(), 1u);
  EXPECT_TRUE(has(parse("rfN"), 1, 2));
  EXPECT_EQ(parse("rfN").vectors.size(), 1u);
  // One orthogonal atom has no step between two directions: a pair stands for both.
  EXPECT_EQ(parse("fsW").vectors.size(), 3u);  // the xiangqi soldier across the river
  EXPECT_EQ(parse("lvW").vectors.size(), 3u);
  EXPECT_EQ(parse("frW").vectors.size(), 2u);
  EXPECT_EQ(parse("flF").vectors.size(), 1u);
  EXPECT_EQ(parse("sW").vectors.size(), 2u);
  EXPECT_EQ(parse("vR").vectors.size(), 2u);
  EXPECT_EQ(parse("lrW").vectors.size(), 2u);
}

TEST(FairyBetza, LameLeapersAndCaptureOnly) {
  for (const BetzaVector& v : parse("nN").vectors) EXPECT_TRUE(v.lame);
  for (const BetzaVector& v : parse("cR").vectors) {
    EXPECT_TRUE(v.captures);
    EXPECT_FALSE(v.moves);
  }
}

TEST(FairyBetza, HoppersAlongLinesOnly) {
  // The xiangqi cannon: moves as a rook, captures over a screen.
  const BetzaPiece cannon = parse("mRcpR");
  EXPECT_EQ(cannon.vectors.size(), 8u);
  EXPECT_EQ(std::count_if(cannon.vectors.begin(), cannon.vectors.end(),
                          [](const BetzaVector& v) {
                            return v.hop == BetzaVector::Hop::cannon && v.captures && !v.moves;
                          }),
            4);
  // The grasshopper: a queen's lines, landing right behind the screen.
  const BetzaPiece grasshopper = parse("gQ");
  EXPECT_EQ(grasshopper.vectors.size(), 8u);
  for (const BetzaVector& v : grasshopper.vectors) EXPECT_EQ(v.hop, BetzaVector::Hop::grasshopper);
  EXPECT_EQ(parse("fpW").vectors.size(), 1u);
  // Fairy-Stockfish hops along ranks, files and diagonals only, and ignores a hopper's
  // range: both are refused here rather than played differently.
  for (std::string_view bad : {"pN", "gA", "pR2", "npW"}) {
    std::string error;
    EXPECT_FALSE(parse_betza(bad, error).has_value()) << bad;
    EXPECT_NE(error.find("hopper"), std::string::npos) << bad << ": " << error;
  }
}

TEST(FairyBetza, RefusesMalformedStrings) {
  for (std::string_view bad : {"", "X", "fm", "mcW", "W0", "W13", "qN", "1N"}) {
    std::string error;
    EXPECT_FALSE(parse_betza(bad, error).has_value()) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
  std::string error;
  EXPECT_FALSE(parse_betza(std::string(max_betza_length + 1, 'W'), error).has_value());
}

}  // namespace
}  // namespace banmen::fairy
