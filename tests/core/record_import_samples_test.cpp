// Records as other programs write them, by the published formats (Kakinoki's KIF and KI2:
// header lines, the "手数----" line, 変化 blocks, comments, time fields, 同, handicaps, BOD
// diagrams with 後手番; PGN with comments, NAGs and nested variations), read to the moves
// they hold. The samples are written here, move by move, for these tests.
#include <gtest/gtest.h>

#include "games/record_import.h"
#include "record_import_util.h"

namespace banmen {
namespace {

// The tree's lines as "move move ..." from the root to each leaf, in pre-order.
void leaves(const VariationTree& t, NodeId id, std::string path, std::vector<std::string>& out) {
  if (t.node(id).children.empty()) {
    out.push_back(path);
    return;
  }
  for (NodeId c : t.node(id).children)
    leaves(t, c, path.empty() ? t.node(c).move : path + " " + t.node(c).move, out);
}
std::vector<std::string> lines_of(const VariationTree& t) {
  std::vector<std::string> out;
  leaves(t, VariationTree::root(), "", out);
  return out;
}

ImportedRecord read(std::string_view text, std::string_view room = "") {
  auto r = import_record_tree(text, "auto", room);
  EXPECT_TRUE(r.ok()) << r.error().message;
  if (!r) std::abort();
  return std::move(*r);
}

constexpr std::string_view kKifWithVariations =
    "# 練習対局の記録\n"
    "開始日時：2026/11/21 10:00:00\n"
    "棋戦：研究会\n"
    "手合割：平手\n"
    "先手：山田\n"
    "後手：佐藤\n"
    "手数----指手---------消費時間--\n"
    "*対局前のひとこと\n"
    "   1 ７六歩(77)   ( 0:03/00:00:03)\n"
    "   2 ３四歩(33)   ( 0:02/00:00:02)\n"
    "*角道が開いた\n"
    "   3 ２二角成(88) ( 0:05/00:00:08)+\n"
    "   4 同　銀(31)   ( 0:01/00:00:03)+\n"
    "   5 ４五角打     ( 0:10/00:00:18)\n"
    "   6 投了         ( 0:01/00:00:04)\n"
    "まで5手で先手の勝ち\n"
    "\n"
    "変化：4手\n"
    "   4 同　飛(82)   ( 0:07/00:00:09)\n"
    "\n"
    "変化：3手\n"
    "   3 ２六歩(27)   ( 0:04/00:00:07)\n"
    "   4 ８四歩(83)   ( 0:02/00:00:04)+\n"
    "&しおり\n"
    "\n"
    "変化：4手\n"
    "   4 ４四歩(43)   ( 0:01/00:00:03)\n";

TEST(RecordImportSamples, KifWithVariationsCommentsAndTimes) {
  const auto r = read(kKifWithVariations);
  EXPECT_EQ(r.game_id, "shogi");
  EXPECT_EQ(r.format, "kif");
  EXPECT_EQ(r.info.players[0], "山田");
  EXPECT_EQ(r.info.players[1], "佐藤");
  EXPECT_EQ(r.info.event, "研究会");
  EXPECT_EQ(lines_of(r.tree), (std::vector<std::string>{
                                  "7g7f 3c3d 8h2b+ 3a2b B*4e",
                                  "7g7f 3c3d 8h2b+ 8b2b",
                                  "7g7f 3c3d 2g2f 8c8d",
                                  "7g7f 3c3d 2g2f 4c4d",
                              }));
}

TEST(RecordImportSamples, KifWithoutTheMoveHeaderLine) {
  // Some writers leave out the "手数----" line; the moves still start at their numbers.
  const auto r = read(
      "手合割：平手\n"
      "1 ７六歩(77)\n"
      "2 ８四歩(83)\n"
      "3 ６八銀(79)\n");
  EXPECT_EQ(test::main_line(r.tree), (std::vector<std::string>{"7g7f", "8c8d", "7i6h"}));
}

TEST(RecordImportSamples, KifHandicapGiverMovesFirst) {
  const auto r = read(
      "手合割：香落ち\n"
      "下手：甲\n"
      "上手：乙\n"
      "手数----指手---------消費時間--\n"
      "   1 ３四歩(33)\n"
      "   2 ７六歩(77)\n"
      "   3 中断\n");
  EXPECT_EQ(r.info.players[0], "甲");
  EXPECT_EQ(r.info.players[1], "乙");
  EXPECT_EQ(r.tree.root_game().to_move(), 1);
  EXPECT_EQ(r.tree.root_game().position().substr(0, 10), "lnsgkgsn1/");
  EXPECT_EQ(test::main_line(r.tree), (std::vector<std::string>{"3c3d", "7g7f"}));
}

TEST(RecordImportSamples, KifBoardDiagramWithGoteToMove) {
  const auto r = read(
      "後手の持駒：なし\n"
      "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
      "+---------------------------+\n"
      "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
      "| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
      "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
      "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n"
      "+---------------------------+\n"
      "先手の持駒：金　\n"
      "後手番\n"
      "手数----指手---------消費時間--\n"
      "   1 ４一玉(51)\n"
      "   2 ５二金打\n"
      "   3 ３一玉(41)\n"
      "\n"
      "変化：3手\n"
      "   3 ３二玉(41)\n");
  EXPECT_EQ(r.tree.root_game().position(), "4k4/9/4P4/9/9/9/9/9/4K4 w G 1");
  EXPECT_EQ(lines_of(r.tree), (std::vector<std::string>{"5a4a G*5b 4a3a", "5a4a G*5b 4a3b"}));
}

TEST(RecordImportSamples, KifMinishogi) {
  const auto r = read(
      "手合割：５五将棋\n"
      "手数----指手---------消費時間--\n"
      "   1 ３四角(25)\n"
      "   2 ３二角(41)\n");
  EXPECT_EQ(r.game_id, "minishogi");
  EXPECT_EQ(test::main_line(r.tree), (std::vector<std::string>{"2e3d", "4a3b"}));
}

TEST(RecordImportSamples, Ki2WithDisambiguationAndVariation) {
  const auto r = read(
      "開始日時：2026/11/21\n"
      "手合割：平手\n"
      "先手：山田\n"
      "後手：佐藤\n"
      "\n"
      "▲７六歩    △３四歩    ▲５八金右  △８四歩\n"
      "▲２二角成  △同　銀    ▲４五角打\n"
      "\n"
      "変化：3手\n"
      "▲２六歩    △８四歩\n"
      "\n"
      "まで7手で中断\n");
  EXPECT_EQ(r.format, "ki2");
  EXPECT_EQ(r.info.players[0], "山田");
  EXPECT_EQ(lines_of(r.tree), (std::vector<std::string>{"7g7f 3c3d 4i5h 8c8d 8h2b+ 3a2b B*4e",
                                                        "7g7f 3c3d 2g2f 8c8d"}));
}

TEST(RecordImportSamples, Ki2LeftAndRightOfBothSides) {
  // ▲７八金 needs nothing: only the gold on 6九 reaches it. △５二金左 is gote's 4一 gold
  // (gote's left is the board's lower files); then both gote golds reach 6二: 寄 is the
  // one moving sideways.
  const auto r = read(
      "▲７八金 △５二金左 ▲５八金 △４二金\n"
      "変化：4手\n"
      "△６二金寄\n");
  EXPECT_EQ(lines_of(r.tree),
            (std::vector<std::string>{"6i7h 4a5b 4i5h 5b4b", "6i7h 4a5b 4i5h 5b6b"}));
}

TEST(RecordImportSamples, PgnWithCommentsNagsAndNestedVariations) {
  const auto r = read(
      "[Event \"Club night\"]\n"
      "[White \"Ann\"]\n"
      "[Black \"Ben\"]\n"
      "[Result \"*\"]\n"
      "\n"
      "1. e4 {the king's pawn} e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) 2. Nf3!? $1 Nc6\n"
      "; a remark to the end of the line\n"
      "3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 *\n");
  EXPECT_EQ(r.game_id, "chess");
  EXPECT_EQ(r.info.players[0], "Ann");
  EXPECT_EQ(r.info.event, "Club night");
  EXPECT_EQ(lines_of(r.tree),
            (std::vector<std::string>{"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4",
                                      "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1", "e2e4 c7c5 g1f3 d7d6",
                                      "e2e4 c7c5 b1c3 b8c6"}));
}

TEST(RecordImportSamples, PgnOfAFairyVariantWithASetUpPosition) {
  const auto r = read(
      "[Variant \"Crazyhouse\"]\n"
      "[SetUp \"1\"]\n"
      "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n"
      "\n"
      "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 *\n");
  EXPECT_EQ(r.game_id, "crazyhouse");
  EXPECT_EQ(test::main_line(r.tree).back(), "P@d4");
  const auto three = read("[Variant \"Three-check\"]\n\n1. e4 e5 *\n");
  EXPECT_EQ(three.game_id, "3check");
  const auto koth = read("[Variant \"King of the Hill\"]\n\n1. e4 *\n");
  EXPECT_EQ(koth.game_id, "kingofthehill");
  // No Variant tag in a xiangqi room: the room's game.
  const auto xq = read("1. Cbe3 *\n", "xiangqi");
  EXPECT_EQ(xq.game_id, "xiangqi");
}

TEST(RecordImportSamples, CsaMainLine) {
  const auto r = read(
      "V2.2\n"
      "N+甲\n"
      "N-乙\n"
      "PI\n"
      "+\n"
      "+7776FU\n"
      "T3\n"
      "-3334FU\n"
      "'a comment\n"
      "+8822UM\n"
      "-3122GI\n"
      "%TORYO\n");
  EXPECT_EQ(r.format, "csa");
  EXPECT_EQ(test::main_line(r.tree), (std::vector<std::string>{"7g7f", "3c3d", "8h2b+", "3a2b"}));
}

TEST(RecordImportSamples, ShiftJisIsDecodedBeforeAndABomIsAllowed) {
  const auto r =
      read("\xEF\xBB\xBF手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n");
  EXPECT_EQ(test::main_line(r.tree), std::vector<std::string>{"7g7f"});
}

}  // namespace
}  // namespace banmen
