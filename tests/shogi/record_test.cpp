// Game records: KIF and CSA export in the forms shogi software reads, and import of the
// main line back into a game (round trips through every format).
#include <gtest/gtest.h>

#include "test_util.h"

namespace banmen::shogi {
namespace {

using testing::game;
using testing::play;

RecordInfo sample_info() {
  RecordInfo r;
  r.players[0] = "Sente";
  r.players[1] = "Gote";
  r.event = "Friendly";
  r.start_time = "2026-11-21T09:30:00Z";
  r.move_times_ms = {1000, 2500, 61000, 3000};
  return r;
}

GamePtr short_game() {
  auto g = game("shogi");
  play(*g, {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"});
  return g;
}

bool contains(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

TEST(ShogiKif, ExportsHeaderMovesTimesAndResult) {
  auto g = short_game();
  g->finish(Outcome::win(0, "resignation"));
  auto kif = g->export_record("kif", Viewer::referee, sample_info());
  ASSERT_TRUE(kif.ok());
  const std::string& k = *kif;
  EXPECT_TRUE(contains(k, "開始日時：2026/11/21 09:30:00\n"));
  EXPECT_TRUE(contains(k, "手合割：平手\n"));
  EXPECT_TRUE(contains(k, "先手：Sente\n"));
  EXPECT_TRUE(contains(k, "   1 ７六歩(77)"));
  EXPECT_TRUE(contains(k, "( 0:01/00:00:01)"));
  EXPECT_TRUE(contains(k, "   3 ２二角成(88)  ( 1:01/00:01:02)"));
  EXPECT_TRUE(contains(k, "   4 同　銀(31)"));
  EXPECT_TRUE(contains(k, "   5 ４五角打\n"));
  EXPECT_TRUE(contains(k, "   6 投了\nまで5手で先手の勝ち\n"));
}

// As Japanese programs write it: the main time in 分 (or 時間), the byoyomi on its own
// line, an increment after the main time; anything else kept as text.
TEST(ShogiKif, WritesTheTimeControlAsJapaneseProgramsDo) {
  auto g = short_game();
  auto header = [&](const std::string& human) {
    RecordInfo info = sample_info();
    info.time_control = human;
    auto kif = g->export_record("kif", Viewer::referee, info);
    EXPECT_TRUE(kif.ok());
    return kif.ok() ? *kif : std::string();
  };
  EXPECT_TRUE(contains(header("10m+1x30s"), "持ち時間：10分\n秒読み：30秒\n"));
  EXPECT_TRUE(contains(header("0m+1x10s"), "持ち時間：0分\n秒読み：10秒\n"));
  EXPECT_TRUE(contains(header("90m+3x60s"), "持ち時間：1時間30分\n秒読み：60秒×3回\n"));
  EXPECT_TRUE(contains(header("5+3"), "持ち時間：5分+3秒\n"));
  EXPECT_TRUE(contains(header("15+0"), "持ち時間：15分\n"));
  EXPECT_TRUE(contains(header("about an hour"), "持ち時間：about an hour\n"));
  EXPECT_FALSE(contains(header(""), "持ち時間"));
  EXPECT_FALSE(contains(header("3m+1x10s"), "3m+1x10s"));
}

TEST(ShogiKif, RoundTripsThroughImport) {
  auto g = short_game();
  g->finish(Outcome::win(0, "resignation"));
  auto kif = g->export_record("kif", Viewer::referee, sample_info());
  auto back = import_game("shogi", "kif", *kif);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ((*back)->position(), g->position());
  EXPECT_EQ((*back)->outcome(), Outcome::win(0, "resignation"));
}

TEST(ShogiKif, NonStandardStartWritesABoardDiagram) {
  auto g = game("shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1");
  play(*g, {"S*5e"});
  auto kif = g->export_record("kif", Viewer::referee, RecordInfo{});
  ASSERT_TRUE(kif.ok());
  EXPECT_TRUE(contains(*kif, "後手の持駒：金　銀　桂　歩五　\n"));
  EXPECT_TRUE(contains(*kif, "|v香 ・ ・ ・ ・ ・ ・v桂v香|一\n"));
  EXPECT_TRUE(contains(*kif, "| ・ ・ ・ ・ ・ と ・v金v玉|二\n"));
  EXPECT_TRUE(contains(*kif, "後手番\n"));
  auto back = import_game("shogi", "kif", *kif);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ((*back)->initial_position(), g->initial_position());
  EXPECT_EQ((*back)->position(), g->position());
}

TEST(ShogiKif, ImportsCommonVariantsOfTheSyntax) {
  const char* text =
      "# comment\n"
      "開始日時：2020/01/01\n"
      "手合割：平手\n"
      "先手：A\n"
      "後手：B\n"
      "手数----指手---------消費時間--\n"
      "*opening comment\n"
      "   1 ７六歩(77)   ( 0:03/00:00:03)\n"
      "   2 ３四歩(33)   ( 0:02/00:00:02)\n"
      "   3 ２二角成(88)\n"
      "   4 同銀(31)\n"
      "   5 ４五角打\n"
      "   6 投了\n"
      "まで5手で先手の勝ち\n"
      "\n"
      "変化：3手\n"
      "   3 ６六歩(67)\n";
  auto g = import_game("shogi", "kif", text);
  ASSERT_TRUE(g.ok()) << g.error().message;
  EXPECT_EQ((*g)->history_size(), 5u);
  EXPECT_EQ((*g)->outcome(), Outcome::win(0, "resignation"));
}

TEST(ShogiKif, RejectsIllegalMoves) {
  const char* text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７五歩(77)\n";
  auto g = import_game("shogi", "kif", text);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error().code, errc::bad_record);
  EXPECT_NE(g.error().message.find("line 3"), std::string::npos);
}

TEST(ShogiKif, RejectsUnreadableMovesInsteadOfStopping) {
  const char* wrong_name = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六銀(77)\n";
  EXPECT_FALSE(import_game("shogi", "kif", wrong_name).ok());
  const char* garbage = "手合割：平手\n手数----指手---------消費時間--\n   1 ？？\n";
  auto g = import_game("shogi", "kif", garbage);
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.error().message.find("cannot read the move"), std::string::npos);
  auto bare = import_game("shogi", "kif", "1 ７六歩(77)\n2 ３四歩(33)\n");
  ASSERT_TRUE(bare.ok()) << bare.error().message;
  EXPECT_EQ((*bare)->history_size(), 2u);
  // The nine standard handicaps are read (handicap_test.cpp); other ones are refused.
  const char* handicap = "手合割：三枚落ち\n手数----指手---------消費時間--\n";
  EXPECT_FALSE(import_game("shogi", "kif", handicap).ok());
}

TEST(ShogiCsa, ExportsPositionMovesTimesAndResult) {
  auto g = short_game();
  g->finish(Outcome::win(0, "resignation"));
  auto csa = g->export_record("csa", Viewer::referee, sample_info());
  ASSERT_TRUE(csa.ok());
  const std::string& c = *csa;
  EXPECT_TRUE(contains(c, "V2.2\nN+Sente\nN-Gote\n"));
  EXPECT_TRUE(contains(c, "$START_TIME:2026/11/21 09:30:00\n"));
  EXPECT_TRUE(contains(c, "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n"));
  EXPECT_TRUE(contains(c, "P8 * +KA *  *  *  *  * +HI * \n"));
  EXPECT_TRUE(contains(c, "+\n+7776FU\nT1\n-3334FU\nT2\n+8822UM\nT61\n-3122GI\nT3\n+0045KA\n"));
  EXPECT_TRUE(contains(c, "%TORYO\n"));
}

TEST(ShogiCsa, RoundTripsThroughImport) {
  auto g = short_game();
  g->finish(Outcome::win(0, "resignation"));
  auto csa = g->export_record("csa", Viewer::referee, sample_info());
  auto back = import_game("shogi", "csa", *csa);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ((*back)->position(), g->position());
  EXPECT_EQ((*back)->outcome(), Outcome::win(0, "resignation"));
}

TEST(ShogiCsa, ImportsPiAndHandsAndRejectsBadMoves) {
  auto pi = import_game("shogi", "csa", "PI\n+\n+7776FU,T3\n-3334FU\n");
  ASSERT_TRUE(pi.ok()) << pi.error().message;
  EXPECT_EQ((*pi)->history_size(), 2u);
  auto bad = import_game("shogi", "csa", "PI\n+\n+7775FU\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, errc::bad_record);
  EXPECT_FALSE(import_game("shogi", "csa", "PI\n+\n+7776KA\n").ok());  // not a bishop
  EXPECT_FALSE(import_game("shogi", "csa", "PI\n+\n%NONSENSE\n").ok());
  auto hands = import_game("shogi", "csa",
                           "P1 *  *  *  *  *  *  *  * -OU\nP2\nP3\nP4\nP5\nP6\nP7\nP8\n"
                           "P9+OU *  *  *  *  *  *  *  * \nP+00FU00FU00HI\nP-00KI\n+\n");
  ASSERT_FALSE(hands.ok());  // short rows are an error
  auto full = import_game("shogi", "csa",
                          "P1 *  *  *  *  *  *  *  * -OU\n"
                          "P2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \n"
                          "P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \n"
                          "P6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \n"
                          "P8 *  *  *  *  *  *  *  *  * \nP9+OU *  *  *  *  *  *  *  * \n"
                          "P+00FU00FU00HI\nP-00KI\n-\n");
  ASSERT_TRUE(full.ok()) << full.error().message;
  EXPECT_EQ((*full)->position(), "8k/9/9/9/9/9/9/9/K8 w R2Pg 1");
}

TEST(ShogiRecords, UsiRecordRoundTrips) {
  auto g = short_game();
  auto usi = g->export_record("sfen", Viewer::referee, RecordInfo{});
  ASSERT_TRUE(usi.ok());
  EXPECT_EQ(*usi, "sfen " + std::string(shogi_variant().start_sfen) +
                      " moves 7g7f 3c3d 8h2b+ 3a2b B*4e\n");
  auto back = import_game("shogi", "sfen", *usi);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ((*back)->position(), g->position());
  auto start = import_game("shogi", "sfen", "startpos moves 7g7f");
  ASSERT_TRUE(start.ok());
  EXPECT_EQ((*start)->history_size(), 1u);
  EXPECT_FALSE(import_game("shogi", "pgn", "").ok());
}

TEST(MinishogiRecords, KifAndCsaRoundTrip) {
  auto g = game("minishogi");
  play(*g, {"2e3d", "4a3b", "1e1b"});
  for (const char* format : {"kif", "csa", "sfen"}) {
    auto text = g->export_record(format, Viewer::referee, RecordInfo{});
    ASSERT_TRUE(text.ok()) << format;
    auto back = import_game("minishogi", format, *text);
    ASSERT_TRUE(back.ok()) << format << ": " << back.error().message << "\n" << *text;
    EXPECT_EQ((*back)->position(), g->position()) << format;
  }
}

TEST(ShogiRecords, EndingsAreWrittenInEachFormat) {
  auto g = game("shogi", "7nk/7p1/8P/8L/9/9/9/9/K8 b - 1");
  play(*g, {"1c1b+"});
  auto kif = g->export_record("kif", Viewer::referee, RecordInfo{});
  auto csa = g->export_record("csa", Viewer::referee, RecordInfo{});
  EXPECT_TRUE(contains(*kif, "   2 詰み\nまで1手で先手の勝ち\n"));
  EXPECT_TRUE(contains(*csa, "%TSUMI\n"));
}

}  // namespace
}  // namespace banmen::shogi
