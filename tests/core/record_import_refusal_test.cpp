// Records brought into a room that do not read: each refusal is bad_record and names the
// line at fault, nothing is half-read.
#include <gtest/gtest.h>

#include <random>

#include "games/record_import.h"
#include "games/registry.h"
#include "games/review_record.h"
#include "record_import_util.h"
#include "start_game.h"

namespace banmen {
namespace {

// The refusal of `text`: its line and reason.
ImportError refusal(std::string_view text, std::string_view format = "auto",
                    std::string_view room = "", const VariationLimits& limits = {}) {
  auto r = import_record_tree(text, format, room, limits);
  EXPECT_FALSE(r.ok()) << text;
  if (r) return {};
  EXPECT_EQ(r.error().code, errc::bad_record);
  return import_error_of(r.error());
}

TEST(RecordImportRefusal, KifNamesTheLine) {
  auto e = refusal(
      "手合割：平手\n"
      "手数----指手---------消費時間--\n"
      "   1 ７六歩(77)\n"
      "   2 ７六歩(73)\n");
  EXPECT_EQ(e.line, 4u);
  EXPECT_NE(e.message.find("７六歩"), std::string::npos) << e.message;

  e = refusal("開始日時：2026/11/21\n先手：甲\n手合割：xyz\n");
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.message, "unknown 手合割 'xyz'");

  e = refusal("手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ほげ\n");
  EXPECT_EQ(e.line, 3u);

  // A side line of a move no line has.
  e = refusal("手数----指手---------消費時間--\n   1 ７六歩(77)\n\n変化：5手\n   5 ２六歩(27)\n");
  EXPECT_EQ(e.line, 4u);
  EXPECT_NE(e.message.find("5"), std::string::npos);

  // A move numbered out of turn.
  e = refusal("手数----指手---------消費時間--\n   1 ７六歩(77)\n   3 ３四歩(33)\n");
  EXPECT_EQ(e.line, 3u);

  // A move after the line ended.
  e = refusal("手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n");
  EXPECT_EQ(e.line, 4u);
}

TEST(RecordImportRefusal, Ki2NamesTheLine) {
  const auto e = refusal("手合割：平手\n\n▲７六歩 △３四歩\n▲２二角成 △同　金\n");
  EXPECT_EQ(e.line, 4u);
  EXPECT_EQ(e.message, "同　金 is not a legal move here");
}

TEST(RecordImportRefusal, PgnNamesTheLine) {
  auto e = refusal("[Event \"x\"]\n\n1. e4 e5\n2. Nf3 Nf6\n3. Bc4 Ke6 *\n");
  EXPECT_EQ(e.line, 5u);
  EXPECT_EQ(e.message, "Ke6 is not a legal move here");
  e = refusal("[Event \"x\"]\n[White \"unclosed]\n\n1. e4 *\n");
  EXPECT_EQ(e.line, 2u);
  e = refusal("1. e4 (1. d4\nd5 2. c4\n");
  EXPECT_EQ(e.line, 1u);
  EXPECT_NE(e.message.find("never closed"), std::string::npos);
  e = refusal("1. e4 e5\n2. Nf3 ) Nc6\n");
  EXPECT_EQ(e.line, 2u);
  e = refusal("1. e4 e5\n{ a comment that never ends\n2. Nf3\n");
  EXPECT_EQ(e.line, 2u);
  e = refusal("[Variant \"Nonesuch\"]\n\n1. e4 *\n");
  EXPECT_NE(e.message.find("Nonesuch"), std::string::npos);
  e = refusal("[FEN \"not a fen\"]\n\n1. e4 *\n");
  EXPECT_NE(e.message.find("FEN"), std::string::npos);
}

TEST(RecordImportRefusal, CsaUsiAndReviewTextNameTheLine) {
  auto e = refusal("V2.2\nPI\n+\n+7776FU\n-3334FU\n+7775FU\n");
  EXPECT_EQ(e.line, 6u);
  e = refusal("7g7f 3c3d\n8h2b+ 2b3c\n", "auto", "shogi");
  EXPECT_EQ(e.line, 2u);
  EXPECT_NE(e.message.find("2b3c"), std::string::npos);
  auto root = test::start("reversi");
  e = refusal("review reversi\nstart " + root->position() + "\nmoves d3 c3 ( zz )\n");
  EXPECT_EQ(e.line, 0u) << e.message;  // the tree's own refusal: the move, not a line
  e = refusal("review reversi\nstart nonsense\nmoves d3\n");
  EXPECT_EQ(e.line, 2u);
  e = refusal("review nonesuch\nstart x\nmoves\n");
  EXPECT_EQ(e.line, 1u);
}

TEST(RecordImportRefusal, LimitsRefuseWithTheLineWhereTheTreeOverflowed) {
  std::string big(kMaxImportLength + 1, ' ');
  auto e = refusal(big);
  EXPECT_EQ(e.line, 0u);
  EXPECT_NE(e.message.find("256 KiB"), std::string::npos);

  VariationLimits small;
  small.max_nodes = 4;  // the root and three moves
  e = refusal(
      "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
      "   3 ２六歩(27)\n   4 ８四歩(83)\n",
      "auto", "", small);
  EXPECT_EQ(e.line, 5u);
  EXPECT_NE(e.message.find("at most 4"), std::string::npos) << e.message;

  VariationLimits narrow;
  narrow.max_children = 2;
  e = refusal("1. e4 (1. d4) (1. c4) (1. Nf3) *\n", "auto", "", narrow);
  EXPECT_EQ(e.line, 1u);
  EXPECT_NE(e.message.find("variations"), std::string::npos) << e.message;

  e = refusal("", "auto");
  EXPECT_EQ(e.line, 0u);
  e = refusal("1. e4 *", "docx");
  EXPECT_NE(e.message.find("docx"), std::string::npos);
}

TEST(RecordImportRefusal, ErrorLinesTakenApart) {
  EXPECT_EQ(import_error_of(make_error(errc::bad_record, "line 12: x y")).line, 12u);
  EXPECT_EQ(import_error_of(make_error(errc::bad_record, "line 12: x y")).message, "x y");
  EXPECT_EQ(import_error_of(make_error(errc::bad_record, "line twelve: x")).line, 0u);
  EXPECT_EQ(import_error_of(make_error(errc::bad_record, "too long")).message, "too long");
}

}  // namespace
}  // namespace banmen
