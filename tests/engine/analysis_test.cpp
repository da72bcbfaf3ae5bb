// Whole-game analysis: the curve and thresholds (analysis.h), the engine's principal line,
// and games whose blunders are known: the chess game that walks into the scholar's mate
// and a shogi position where a gold is dropped away instead of giving mate.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/analysis.h"
#include "engine/engine.h"
#include "engine/game_analysis.h"
#include "engine_test_support.h"

namespace {

using banmen::Viewer;
using namespace banmen::engine;
using banmen::engine_tests::make_game;

AnalysisResult analyse(const banmen::Game& start, const std::vector<std::string>& moves) {
  AnalysisBudget budget;
  budget.level = 5;
  budget.max_nodes = 20000;
  auto a = GameAnalysis::make(start, moves, budget);
  EXPECT_TRUE(a.ok()) << (a.ok() ? "" : a.error().message);
  if (!a.ok()) return {};
  while (!a->finished()) {
    auto s = a->step();
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
    if (!s.ok()) break;
  }
  return a->result();
}

TEST(AnalysisCurve, ChessFollowsTheLichessCurve) {
  EXPECT_DOUBLE_EQ(win_chance(Family::chess, Evaluation{}), 0.5);
  // 50 + 50 * (2 / (1 + exp(-0.00368208 * 100)) - 1) percent.
  const double expected = (50 + 50 * (2 / (1 + std::exp(-0.00368208 * 100)) - 1)) / 100;
  EXPECT_NEAR(win_chance(Family::chess, Evaluation{100, {}, {}}), expected, 1e-12);
  EXPECT_NEAR(win_chance(Family::chess, Evaluation{-100, {}, {}}), 1 - expected, 1e-12);
  EXPECT_EQ(win_chance(Family::shogi, Evaluation{0, 3, {}}), 1.0);
  EXPECT_EQ(win_chance(Family::shogi, Evaluation{0, -3, {}}), 0.0);
  EXPECT_EQ(win_chance(Family::reversi, Evaluation{0, {}, 0.5}), 0.5);
  // Every family's cap has chess's chance at 1000 centipawns.
  const double at_cap = win_chance(Family::chess, Evaluation{1000, {}, {}});
  for (Family f : {Family::shogi, Family::reversi, Family::hasami, Family::dogcat, Family::fairy})
    EXPECT_NEAR(win_chance(f, Evaluation{curve_of(f).cap, {}, {}}), at_cap, 1e-3) << family_name(f);
}

TEST(AnalysisCurve, ThresholdsAndCappedLosses) {
  EXPECT_EQ(classify(0.049), MoveClass::none);
  EXPECT_EQ(classify(0.05), MoveClass::inaccuracy);
  EXPECT_EQ(classify(0.10), MoveClass::mistake);
  EXPECT_EQ(classify(0.15), MoveClass::blunder);
  // The second player's move from -50 to +2000 (first player's view): capped at 1000.
  auto v = judge(Family::chess, Evaluation{-50, {}, {}}, Evaluation{2000, {}, {}}, 1);
  EXPECT_EQ(v.eval_loss, 1050);
  EXPECT_EQ(v.verdict, MoveClass::blunder);
  // A move that gains loses nothing.
  v = judge(Family::chess, Evaluation{0, {}, {}}, Evaluation{-300, {}, {}}, 1);
  EXPECT_EQ(v.eval_loss, 0);
  EXPECT_EQ(v.loss, 0);
  auto sum = summarize({judge(Family::chess, {0, {}, {}}, {-400, {}, {}}, 0),
                        judge(Family::chess, {-400, {}, {}}, {-380, {}, {}}, 1),
                        judge(Family::chess, {-380, {}, {}}, {-380, {}, {}}, 0)});
  EXPECT_EQ(sum[0].blunders, 1);
  EXPECT_EQ(sum[0].average_loss, 200);
  EXPECT_EQ(sum[1].average_loss, 20);
  EXPECT_EQ(sum[1].blunders + sum[1].mistakes + sum[1].inaccuracies, 0);
}

TEST(AnalysisLine, TheEnginesLineIsLegalFromItsPosition) {
  for (std::string_view id : {"chess", "shogi", "hasami", "reversi", "fairy:crazyhouse"}) {
    auto g = make_game(id == "fairy:crazyhouse" ? "crazyhouse" : id);
    if (!g) continue;
    EngineRequest r;
    r.level = 5;
    r.max_nodes = 20000;
    auto reply = think(*g, Viewer::seat0, r);
    ASSERT_TRUE(reply.ok()) << id;
    ASSERT_FALSE(reply->line.empty()) << id;
    EXPECT_EQ(reply->line.front(), reply->move) << id;
    EXPECT_LE(reply->line.size(), kLinePlies) << id;
    EXPECT_EQ(display_line(*g, reply->line).size(), reply->line.size()) << id;
  }
}

TEST(AnalysisGames, TheScholarsMateMarksNf6AsTheBlunder) {
  auto g = make_game("chess");
  ASSERT_TRUE(g);
  const auto a = analyse(*g, {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"});
  ASSERT_EQ(a.positions.size(), 8u);
  ASSERT_EQ(a.moves.size(), 7u);
  EXPECT_EQ(a.family, Family::chess);
  EXPECT_EQ(a.moves[5].display, "Nf6");
  EXPECT_EQ(a.moves[5].verdict.verdict, MoveClass::blunder);
  EXPECT_EQ(a.moves[5].verdict.side, 1);
  // After Nf6 white mates in one, and says so; the mate itself is the game's end.
  EXPECT_EQ(a.positions[6].eval.mate, 1);
  EXPECT_EQ(a.positions[6].best, "h5f7");
  EXPECT_EQ(a.positions[6].best_display, "Qxf7#");
  EXPECT_EQ(a.positions[7].eval.win, 1.0);
  EXPECT_TRUE(a.positions[7].best.empty());
  EXPECT_EQ(a.summary[1].blunders, 1);
  EXPECT_NE(a.moves[6].verdict.verdict, MoveClass::blunder);
}

TEST(AnalysisGames, AShogiGoldDroppedAwayInsteadOfMateIsABlunder) {
  // Sente mates with G*5b (the silver on 5c guards it); G*4a gives the gold away.
  auto g = make_game("shogi", "4k4/9/4S4/9/9/9/9/9/4K4 b G 1");
  ASSERT_TRUE(g);
  const auto a = analyse(*g, {"G*4a", "5a4a"});
  ASSERT_EQ(a.moves.size(), 2u);
  EXPECT_EQ(a.family, Family::shogi);
  EXPECT_EQ(a.positions[0].eval.mate, 1);
  EXPECT_EQ(a.positions[0].best, "G*5b");
  EXPECT_EQ(a.moves[0].verdict.verdict, MoveClass::blunder);
  EXPECT_NE(a.moves[1].verdict.verdict, MoveClass::blunder);
  EXPECT_EQ(a.summary[0].blunders, 1);
}

TEST(AnalysisGames, ReversiNearItsEndIsSolvedExactly) {
  auto g = make_game("reversi");
  ASSERT_TRUE(g);
  // The engine plays the game to its end quickly; the last positions are solved.
  std::vector<std::string> moves;
  auto play = g->clone();
  while (!play->over()) {
    EngineRequest r;
    r.level = 1;
    r.max_nodes = 500;
    auto reply = think(*play, banmen::seat_viewer(play->to_move()), r);
    ASSERT_TRUE(reply.ok());
    moves.push_back(reply->move);
    ASSERT_TRUE(play->apply(reply->move).ok());
  }
  std::vector<std::string> last(moves.end() - 12, moves.end());
  // Start twelve plies from the end.
  auto start = g->clone();
  for (std::size_t i = 0; i + 12 < moves.size(); ++i) ASSERT_TRUE(start->apply(moves[i]).ok());
  auto from = make_game("reversi", start->position());
  ASSERT_TRUE(from);
  const auto a = analyse(*from, last);
  ASSERT_EQ(a.positions.size(), 13u);
  EXPECT_EQ(a.family, Family::reversi);
  ASSERT_TRUE(a.positions[11].eval.win.has_value());
  ASSERT_TRUE(a.positions[12].eval.win.has_value());
}

TEST(AnalysisGames, RefusesAMoveThatDoesNotPlay) {
  auto g = make_game("chess");
  ASSERT_TRUE(g);
  auto a = GameAnalysis::make(*g, {"e2e4", "e2e4"}, AnalysisBudget{});
  ASSERT_FALSE(a.ok());
  EXPECT_EQ(a.error().code, "bad_record");
}

}  // namespace
