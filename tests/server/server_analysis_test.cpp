// Integration: whole-game analysis through the real server (analysis_request,
// docs/protocol.md). Players only, after the game; the scholar's mate's blunder found;
// progress and the result reach everyone in the room, spectators included; a repeated
// request starts nothing new; reversi analysed; the server-wide queue refuses past its
// bound with its message.
#include <gtest/gtest.h>

#include "match_driver.h"
#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

class ServerAnalysis : public SharedServerSuite<ServerAnalysis> {
 public:
  static std::vector<std::string> server_args() {
    return {"--max-rooms-per-address", "500",  "--messages-per-second", "500",
            "--message-burst",         "1000", "--analysis-nodes",      "2000"};
  }
};

std::string code_of(const std::optional<json>& answer) {
  return answer ? answer->value("code", answer->value("type", "")) : "timeout";
}

bool analysis_ended(const json& j) {
  return j.value("type", "") == "analysis" && (j["state"] == "done" || j["state"] == "failed");
}

json request(WsClient& ws, int game_no) {
  auto a = ws.request({{"type", "analysis_request"}, {"game_no", game_no}});
  return a ? *a : json("timeout");
}

TEST_F(ServerAnalysis, TheScholarsMateAnalysedForTheWholeRoomOnce) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "chess"}, {"side", "first"}}));
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  ASSERT_TRUE(spec.request({{"type", "join_room"}, {"room", m.room}}));
  EXPECT_EQ(code_of(request(m.a.ws, 1)), "game_in_progress");
  const char* moves[] = {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"};
  int i = 0;
  for (const char* mv : moves) ASSERT_TRUE(play_one(m, mv, "m" + std::to_string(i++)));
  for (Side* s : {&m.a, &m.b})
    ASSERT_TRUE(s->ws.wait_for([](const json& j) { return j["type"] == "game_over"; }));
  EXPECT_EQ(code_of(request(spec, 1)), "not_a_player");
  EXPECT_EQ(code_of(request(m.a.ws, 2)), "unknown_game_no");
  EXPECT_EQ(code_of(request(m.a.ws, 0)), "unknown_game_no");
  EXPECT_EQ(code_of(m.a.ws.request({{"type", "analysis_request"}, {"game_no", "x"}})),
            "bad_request");
  EXPECT_EQ(code_of(request(m.a.ws, 1)), "ack");
  // Asked again at once (by the other player): acknowledged, nothing new started.
  EXPECT_EQ(code_of(request(m.b.ws, 1)), "ack");
  int queued = 0, progress = 0;
  auto done = spec.wait_for(analysis_ended, 20000ms, [&](const json& j) {
    if (j.value("type", "") != "analysis") return;
    queued += j["state"] == "queued";
    progress += j["state"] == "running";
  });
  ASSERT_TRUE(done);
  ASSERT_EQ((*done)["state"], "done") << done->dump();
  EXPECT_EQ(queued, 1);
  EXPECT_GE(progress, 1);
  EXPECT_EQ((*done)["done"], 8);
  EXPECT_EQ((*done)["total"], 8);
  const json& a = (*done)["analysis"];
  ASSERT_EQ(a["moves"].size(), 7u);
  EXPECT_EQ(a["moves"][5]["display"], "Nf6");
  EXPECT_EQ(a["moves"][5]["class"], "blunder");
  EXPECT_EQ(a["positions"][6]["best"], "h5f7");
  EXPECT_EQ(a["positions"][6]["mate"], 1);
  EXPECT_EQ(a["summary"][1]["blunder"], 1);
  // Once done, a request gets the result again, to the asker.
  EXPECT_EQ(code_of(request(m.b.ws, 1)), "ack");
  auto again = m.b.ws.wait_for(analysis_ended);
  ASSERT_TRUE(again);
  EXPECT_EQ((*again)["analysis"], a);
  // A newcomer's snapshot has it.
  WsClient late;
  ASSERT_TRUE(late.connect(port()));
  ASSERT_TRUE(late.request({{"type", "join_room"}, {"room", m.room}}));
  auto snap = late.wait_for([](const json& j) { return j["type"] == "snapshot"; });
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["analysis"]["analysis"], a);
  // The replay's positions and the PGN carry it.
  const auto positions = json::parse(
      body_of(raw_http_get(port(), "/api/rooms/" + m.room + "/games/1/positions")), nullptr, false);
  ASSERT_TRUE(positions.is_object());
  EXPECT_EQ(positions["analysis"], a);
  const std::string pgn =
      body_of(raw_http_get(port(), "/api/rooms/" + m.room + "/games/1/record?format=pgn"));
  EXPECT_NE(pgn.find("[%eval #1]}"), std::string::npos) << pgn;
}

TEST_F(ServerAnalysis, ReversiIsAnalysed) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "reversi"}, {"side", "first"}}));
  std::mt19937 rng(7);
  ASSERT_TRUE(play_random(m, rng, 6));
  ASSERT_TRUE(m.a.ws.request({{"type", "resign"}}));
  ASSERT_TRUE(m.a.ws.wait_for([](const json& j) { return j["type"] == "game_over"; }));
  EXPECT_EQ(code_of(request(m.a.ws, 1)), "ack");
  auto done = m.b.ws.wait_for(analysis_ended, 20000ms);
  ASSERT_TRUE(done);
  ASSERT_EQ((*done)["state"], "done") << done->dump();
  EXPECT_EQ((*done)["analysis"]["family"], "reversi");
  EXPECT_EQ((*done)["analysis"]["positions"].size(), 7u);
}

// One place in the queue, and searches long enough that the first analysis still runs
// when the second room asks.
class ServerAnalysisQueue : public SharedServerSuite<ServerAnalysisQueue> {
 public:
  static std::vector<std::string> server_args() {
    return {"--analysis-queue", "1", "--analysis-level", "8", "--analysis-ms", "10000"};
  }
};

TEST_F(ServerAnalysisQueue, RefusesPastItsBoundWithAMessage) {
  Match first, second;
  ASSERT_TRUE(open_match(port(), first, {{"game", "chess"}, {"side", "first"}}));
  ASSERT_TRUE(open_match(port(), second, {{"game", "chess"}, {"side", "first"}}));
  for (Match* m : {&first, &second}) {
    ASSERT_TRUE(m->a.ws.request({{"type", "resign"}}));
    ASSERT_TRUE(m->a.ws.wait_for([](const json& j) { return j["type"] == "game_over"; }));
  }
  EXPECT_EQ(code_of(request(first.a.ws, 1)), "ack");
  const json refused = request(second.a.ws, 1);
  EXPECT_EQ(code_of(refused), "engine_busy");
  EXPECT_NE(refused.value("message", "").find("try again later"), std::string::npos)
      << refused.dump();
}

}  // namespace
}  // namespace banmen::testing

namespace banmen::testing {
namespace {

TEST_F(ServerAnalysis, AShogiKifCarriesTheEvaluations) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "shogi"}, {"side", "first"}}));
  ASSERT_TRUE(play_one(m, "7g7f", "k0"));
  ASSERT_TRUE(play_one(m, "3c3d", "k1"));
  ASSERT_TRUE(m.a.ws.request({{"type", "resign"}}));
  ASSERT_TRUE(m.a.ws.wait_for([](const json& j) { return j["type"] == "game_over"; }));
  EXPECT_EQ(code_of(request(m.a.ws, 1)), "ack");
  auto done = m.a.ws.wait_for(analysis_ended, 20000ms);
  ASSERT_TRUE(done);
  ASSERT_EQ((*done)["state"], "done") << done->dump();
  EXPECT_EQ((*done)["analysis"]["family"], "shogi");
  const std::string kif =
      body_of(raw_http_get(port(), "/api/rooms/" + m.room + "/games/1/record?format=kif"));
  EXPECT_NE(kif.find("\n*評価値 "), std::string::npos) << kif;
}

}  // namespace
}  // namespace banmen::testing
