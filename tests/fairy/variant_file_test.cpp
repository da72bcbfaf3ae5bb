#include "fairy/variant_file.h"

#include <gtest/gtest.h>

#include <string>

namespace banmen::fairy {
namespace {

VariantError error_of(std::string_view text) {
  VariantError error;
  EXPECT_FALSE(parse_variant_file(text, error).has_value()) << text;
  return error;
}

TEST(FairyVariantFile, EveryBuiltinIsThereWithFairyStockfishNames) {
  const VariantFile& file = builtin_variants();
  for (std::string_view name :
       {"chess960", "capablanca", "gothic", "janus", "embassy", "grand", "almost", "shatranj",
        "makruk", "knightmate", "amazon", "kingofthehill"})
    EXPECT_NE(file.find(name), nullptr) << name;
  EXPECT_EQ(file.variants.size(), 12u);
  const VariantDefinition* grand = file.find("grand");
  ASSERT_NE(grand, nullptr);
  EXPECT_EQ(grand->files, 10);
  EXPECT_EQ(grand->ranks, 10);
  EXPECT_EQ(grand->piece('c')->name, "chancellor");
  EXPECT_FALSE(grand->flag("castling"));
  const VariantDefinition* knightmate = file.find("knightmate");
  ASSERT_NE(knightmate, nullptr);
  EXPECT_EQ(knightmate->king_betza, "N");
  EXPECT_EQ(knightmate->piece('n'), nullptr);
}

TEST(FairyVariantFile, SectionsInheritFromParentsDefinedAbove) {
  VariantError error;
  const auto file = parse_variant_file(
      "[base:chess]\nmaxFile = 6\nmaxRank = 6\nstartFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 "
      "1\n"
      "castling = false\n\n[child:base]\ncustomPiece1 = z:W2\n"
      "startFen = rnbzkr/pppppp/6/6/PPPPPP/RNBZKR w - - 0 1\n",
      error);
  ASSERT_TRUE(file.has_value()) << error.to_string();
  const VariantDefinition* child = file->find("child");
  ASSERT_NE(child, nullptr);
  EXPECT_EQ(child->files, 6);
  EXPECT_FALSE(child->flag("castling"));
  ASSERT_NE(child->piece('z'), nullptr);
  EXPECT_EQ(child->piece('z')->moves.vectors.size(), 4u);
}

TEST(FairyVariantFile, ErrorsNameTheLineAndTheKey) {
  VariantError e = error_of("[v:chess]\n\nfoo = 1\n");
  EXPECT_EQ(e.line, 3);
  EXPECT_EQ(e.key, "foo");
  EXPECT_EQ(e.to_string(), "line 3: foo is not a key this engine supports");

  e = error_of("[v:chess]\nnMoveRule = lots\n");
  EXPECT_EQ(e.line, 2);
  EXPECT_EQ(e.key, "nMoveRule");

  e = error_of("[v:chess]\ncustomPiece1 = a:X\n");
  EXPECT_EQ(e.key, "customPiece1");

  e = error_of("[v:nowhere]\n");
  EXPECT_EQ(e.line, 1);

  e = error_of("# comment\n[v:chess]\nmaxFile = 10\n");
  EXPECT_EQ(e.line, 2);  // the start position is checked against the section's board
  EXPECT_EQ(e.key, "startFen");

  e = error_of("[v:chess]\nmaxFile = 13\n");
  EXPECT_EQ(e.key, "maxFile");
  e = error_of("[v:chess]\nmaxRank = 11\n");
  EXPECT_EQ(e.key, "maxRank");

  e = error_of("[v:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1\n");
  EXPECT_EQ(e.key, "startFen");
  EXPECT_EQ(e.line, 2);

  e = error_of("[v:chess]\npromotionPieceTypes = qx\n");
  EXPECT_EQ(e.key, "promotionPieceTypes");

  e = error_of("[v:chess]\n\nflagRegionWhite = i4\n");
  EXPECT_EQ(e.key, "flagRegionWhite");
  EXPECT_EQ(e.line, 3);

  e = error_of("maxFile = 8\n");
  EXPECT_EQ(e.line, 1);
  e = error_of("[v:chess]\njust words\n");
  EXPECT_EQ(e.line, 2);
  e = error_of("[a]\n[a]\n");
  EXPECT_EQ(e.line, 2);
}

TEST(FairyVariantFile, SizeLimitsAreEnforced) {
  EXPECT_NE(error_of(std::string(max_variant_file_bytes + 1, '#')).message.find("bytes"),
            std::string::npos);
  std::string many;
  for (int i = 0; i <= static_cast<int>(max_variant_sections); ++i)
    many += "[v" + std::to_string(i) + ":chess]\n";
  EXPECT_EQ(error_of(many).line, static_cast<int>(max_variant_sections) + 1);
  // Letters are a-z, so 26 is the most a variant can have; a piece may not take the king's.
  const VariantError king = error_of("[v:chess]\ncustomPiece1 = k:W\n");
  EXPECT_EQ(king.key, "customPiece1");
  EXPECT_NE(king.message.find("king"), std::string::npos);
  EXPECT_EQ(error_of("[v:chess]\ncustomPiece1 = A:W\n").key, "customPiece1");
}

}  // namespace
}  // namespace banmen::fairy
