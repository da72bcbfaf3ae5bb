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
  // Fairy-Stockfish hops along ranks, files and diagonals only: others are refused here
  // rather than played differently.
  for (std::string_view bad : {"pN", "gA", "npW"}) {
    std::string error;
    EXPECT_FALSE(parse_betza(bad, error).has_value()) << bad;
    EXPECT_NE(error.find("hopper"), std::string::npos) << bad << ": " << error;
  }
}

// The hop kind and range of every vector of a piece, all of them alike.
void expect_hops(std::string_view text, std::size_t count, BetzaVector::Hop hop, int range) {
  const BetzaPiece piece = parse(text);
  EXPECT_EQ(piece.vectors.size(), count) << text;
  for (const BetzaVector& v : piece.vectors) {
    EXPECT_EQ(v.hop, hop) << text;
    EXPECT_EQ(v.max_steps, range) << text;
  }
}

TEST(FairyBetza, HoppersWithARange) {
  using Hop = BetzaVector::Hop;
  // A range counts from the hopper (as Fairy-Stockfish's perft 1 shows from d4: pB2 over
  // e5 lands on f6 only, pR3 over e4 on f4 and g4, over f4 on g4).
  expect_hops("pB2", 4, Hop::cannon, 2);
  expect_hops("pR3", 4, Hop::cannon, 3);
  // A range of 1 is the grasshopper's, a longer one a cannon's: pR1 over f4 lands on g4,
  // gR2 over e4 on f4, gR3 over e4 on f4 and g4.
  expect_hops("pR1", 4, Hop::grasshopper, 0);
  expect_hops("gR1", 4, Hop::grasshopper, 0);
  expect_hops("gR2", 4, Hop::cannon, 2);
  expect_hops("gR3", 4, Hop::cannon, 3);
  // Doubled, a hopper keeps its kind and has no range.
  expect_hops("pRR", 4, Hop::cannon, 0);
  expect_hops("gRR", 4, Hop::grasshopper, 0);
  expect_hops("fpW2", 1, Hop::cannon, 2);
  // Cannon shogi's promoted pieces: quiet rides and steps, hops of a range on the other lines.
  const BetzaPiece dragon = parse("mRpRmFpB2");
  EXPECT_EQ(dragon.vectors.size(), 16u);
  for (const BetzaVector& v : dragon.vectors) {
    const bool diagonal = v.file_step && v.rank_step;
    EXPECT_EQ(v.max_steps, v.hop == Hop::cannon ? (diagonal ? 2 : 0) : (diagonal ? 1 : 0));
    EXPECT_TRUE(v.moves);
    EXPECT_EQ(v.captures, v.hop != Hop::none);
  }
  const BetzaPiece horse = parse("mBpBmWpR2");
  EXPECT_EQ(horse.vectors.size(), 16u);
  for (const BetzaVector& v : horse.vectors) {
    const bool diagonal = v.file_step && v.rank_step;
    EXPECT_EQ(v.max_steps, v.hop == Hop::cannon ? (diagonal ? 0 : 2) : (diagonal ? 0 : 1));
  }
}

TEST(FairyBetza, MovesThatFairyStockfishMergesOnALineAreRefused) {
  // Fairy-Stockfish masks each line kind of a modality (ride, cannon, grasshopper, lame
  // leap) with every square the modality reaches. Where that adds squares, the piece is
  // refused; each was seen on its perft 1: R2pR rides like R, fRbpR rides backwards too,
  // rnDlpR leaps lamely to the left, a ranged cannon beside a grasshopper goes as far.
  for (std::string_view bad : {"R2pR", "fRbpR", "rnDlpR", "mR2mpR", "R2cpR", "B3pB4"}) {
    std::string error;
    EXPECT_FALSE(parse_betza(bad, error).has_value()) << bad;
    EXPECT_NE(error.find("merges"), std::string::npos) << bad << ": " << error;
  }
  // Kinds that each keep to their own squares, or whose extra squares another move reaches
  // on every board anyway, are accepted.
  for (std::string_view good : {"mRcpR", "RcpRnN", "KW2", "KbRfBbF2", "mQ2cW", "pR2H",
                                "fmWfcFifmnD", "WfF", "mRpRmFpB2", "mBpBmWpR2", "pRgB"})
    parse(good);
  // Fairy-Stockfish rides only along lines and as the nightrider: DD and A2 have no move.
  for (std::string_view bad : {"DD", "A2", "HH", "mGG"}) {
    std::string error;
    EXPECT_FALSE(parse_betza(bad, error).has_value()) << bad;
    EXPECT_NE(error.find("no move"), std::string::npos) << bad << ": " << error;
  }
  EXPECT_EQ(parse("NN").vectors.size(), 8u);
  EXPECT_EQ(parse("N2").vectors.size(), 8u);
}

TEST(FairyBetza, ALaterAtomReplacesAnEarlierOneOnTheSameStep) {
  // Fairy-Stockfish files a move by its table (leaps, rides, hops), modality and step: a
  // later atom replaces an earlier one there (perft 1: NnN is blocked as nN, pR2gR hops
  // as gR), and a lame wazir gives no move at all.
  EXPECT_EQ(parse("NnN").vectors, parse("nN").vectors);
  EXPECT_EQ(parse("pR2gR").vectors, parse("gR").vectors);
  EXPECT_EQ(parse("gRpR2").vectors, parse("pR2").vectors);
  EXPECT_TRUE(parse("nW").vectors.empty());
  // Other tables or modalities add up: mRcR2 moves as a rook and captures as R2.
  const BetzaPiece mixed = parse("mRcR2");
  EXPECT_EQ(mixed.vectors.size(), 8u);
  for (const BetzaVector& v : mixed.vectors) EXPECT_EQ(v.max_steps, v.moves ? 0 : 2);
}

TEST(FairyBetza, RefusesMalformedStrings) {
  for (std::string_view bad : {"", "X", "fm", "mcW", "W0", "W13", "R10", "qN", "1N"}) {
    std::string error;
    EXPECT_FALSE(parse_betza(bad, error).has_value()) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
  std::string error;
  EXPECT_FALSE(parse_betza(std::string(max_betza_length + 1, 'W'), error).has_value());
}

}  // namespace
}  // namespace banmen::fairy
