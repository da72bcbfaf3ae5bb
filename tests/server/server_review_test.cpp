// Integration: the review (感想戦) of a finished game through the real server. Review
// moves are checked like game moves, only players drive unless they allow spectators,
// sizes are bounded, everyone sees the same review, a reconnect gets it back, a new game
// closes it, and the record of the review holds its variations.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "match_driver.h"
#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

class ServerReview : public SharedServerSuite<ServerReview> {
 public:
  static std::vector<std::string> server_args() {
    return {"--max-rooms-per-address", "500", "--messages-per-second", "500",
            "--message-burst",         "1000"};
  }
};

bool is_review(const json& j) {
  return j.value("type", "") == "review";
}

// Plays `moves` in order (empty: `plies` first legal moves), then player 0 resigns.
::testing::AssertionResult finish(Match& m, const std::vector<std::string>& moves, int plies = 0) {
  const int count = moves.empty() ? plies : static_cast<int>(moves.size());
  const char* ids[] = {"m0", "m1", "m2", "m3", "m4", "m5"};
  if (count > 6) return ::testing::AssertionFailure() << "at most 6 plies";
  for (int i = 0; i < count; ++i) {
    const auto& legal = !m.a.legal.empty() ? m.a.legal : m.b.legal;
    if (legal.empty()) return ::testing::AssertionFailure() << "nobody to move at ply " << i;
    const std::string move =
        moves.empty() ? legal[0].get<std::string>() : moves[static_cast<std::size_t>(i)];
    if (auto r = play_one(m, move, ids[i]); !r) return r;
  }
  auto resigned = m.a.ws.request({{"type", "resign"}});
  if (!resigned || (*resigned)["type"] != "ack")
    return ::testing::AssertionFailure() << "resign: " << (resigned ? resigned->dump() : "timeout");
  for (Side* s : {&m.a, &m.b})
    if (!s->ws.wait_for([](const json& j) { return j["type"] == "game_over"; }))
      return ::testing::AssertionFailure() << "no game_over";
  return ::testing::AssertionSuccess();
}

// Sends `req` from `ws` and answers its reply (ack or error); on an ack, also the review
// event that followed, in `event`.
json send(WsClient& ws, json req, json* event = nullptr) {
  auto answer = ws.request(std::move(req));
  if (!answer) return "timeout";
  if (event && (*answer)["type"] == "ack") {
    auto e = ws.wait_for(is_review);
    *event = e ? *e : json("no review event");
  }
  return *answer;
}

std::string code_of(const json& answer) {
  return answer.is_object() ? answer.value("code", answer.value("type", "")) : answer.dump();
}

// The review event of version `version` as `ws` receives it.
json review_at(WsClient& ws, const json& version) {
  auto e = ws.wait_for([&](const json& j) { return is_review(j) && j["version"] == version; });
  return e ? *e : json("no review event");
}

TEST_F(ServerReview, OnlyAfterTheGameAndOnlyWhenOpen) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "shogi"}, {"side", "first"}}));
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}})), "game_in_progress");
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_move"}, {"move", "7g7f"}})), "game_in_progress");
  ASSERT_TRUE(finish(m, {"7g7f", "3c3d"}));
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_move"}, {"move", "2g2f"}})), "no_review");
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_save"}})), "no_review");
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}, {"ply", 3}})), "bad_request");
  json e;
  EXPECT_EQ(code_of(send(m.b.ws, {{"type", "review_start"}, {"ply", 1}}, &e)), "ack");
  EXPECT_EQ(e["open"], true);
  EXPECT_EQ(e["current"], 1);
  EXPECT_EQ(e["ply"], 1);
  EXPECT_EQ(e["by"], 1);  // b's seat
  EXPECT_EQ(e["last_move"], "7g7f");
  ASSERT_EQ(e["nodes"].size(), 3u);
  EXPECT_EQ(e["nodes"][1]["display"], "▲７六歩");
  EXPECT_EQ(e["nodes"][0]["children"], json({1}));
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_close"}}, &e)), "ack");
  EXPECT_EQ(e["open"], false);
  EXPECT_FALSE(e.contains("nodes"));
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_goto"}, {"node", 0}})), "no_review");
}

TEST_F(ServerReview, AnIllegalMoveIsRefusedAndChangesNothing) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "shogi"}, {"side", "first"}}));
  ASSERT_TRUE(finish(m, {"7g7f", "3c3d"}));
  json before;
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}}, &before)), "ack");
  EXPECT_EQ(before["current"], 2);
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_move"}, {"move", "5a5c"}})), "illegal_move");
  EXPECT_EQ(code_of(send(m.b.ws, {{"type", "review_move"}, {"move", "7g7f"}})), "illegal_move");
  EXPECT_EQ(code_of(send(m.b.ws, {{"type", "review_move"}, {"move", std::string(40, 'a')}})),
            "bad_request");
  // A late joiner's snapshot shows the review exactly as it was.
  WsClient late;
  ASSERT_TRUE(late.connect(port()));
  ASSERT_TRUE(late.request({{"type", "join_room"}, {"room", m.room}}));
  auto snap = late.wait_for([](const json& j) { return j["type"] == "snapshot"; });
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["review"], before);
}

TEST_F(ServerReview, SpectatorsDriveOnlyWhenAPlayerAllowsIt) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "shogi"}, {"side", "first"}}));
  ASSERT_TRUE(finish(m, {"7g7f", "3c3d"}));
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  ASSERT_TRUE(spec.request({{"type", "join_room"}, {"room", m.room}}));
  EXPECT_EQ(code_of(send(spec, {{"type", "review_start"}})), "not_a_player");
  json e;
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}}, &e)), "ack");
  EXPECT_EQ(e["spectators_may_drive"], false);
  EXPECT_EQ(code_of(send(spec, {{"type", "review_move"}, {"move", "2g2f"}})), "not_a_player");
  EXPECT_EQ(code_of(send(spec, {{"type", "review_goto"}, {"node", 0}})), "not_a_player");
  EXPECT_EQ(code_of(send(spec, {{"type", "review_draw"}, {"shapes", json::array()}})),
            "not_a_player");
  EXPECT_EQ(code_of(send(spec, {{"type", "review_allow"}, {"spectators", true}})), "not_a_player");
  ASSERT_EQ(code_of(send(m.b.ws, {{"type", "review_allow"}, {"spectators", true}}, &e)), "ack");
  EXPECT_EQ(e["spectators_may_drive"], true);
  EXPECT_EQ(code_of(send(spec, {{"type", "review_move"}, {"move", "2g2f"}}, &e)), "ack");
  EXPECT_EQ(e["by"], nullptr);
  EXPECT_EQ(e["nodes"].size(), 4u);
  EXPECT_EQ(e["last_move"], "2g2f");
  // Still a player's board: a spectator may not close it or let others drive.
  EXPECT_EQ(code_of(send(spec, {{"type", "review_close"}})), "not_a_player");
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_allow"}, {"spectators", false}}, &e)), "ack");
  EXPECT_EQ(code_of(send(spec, {{"type", "review_goto"}, {"node", 0}})), "not_a_player");
}

TEST_F(ServerReview, LimitsAndUnknownNodes) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "chess"}, {"side", "first"}}));
  ASSERT_TRUE(finish(m, {"e2e4", "e7e5"}));
  json e;
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}}, &e)), "ack");
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_goto"}, {"node", 3}})), "unknown_node");
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_goto"}, {"node", -1}})), "unknown_node");
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_goto"}, {"node", "1"}})), "bad_request");
  json shapes = json::array();
  for (int i = 0; i < 33; ++i) shapes.push_back({{"orig", "e2"}, {"dest", "e4"}, {"brush", "red"}});
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_draw"}, {"shapes", shapes}})), "bad_request");
  shapes.erase(shapes.begin());
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_draw"}, {"shapes", shapes}}, &e)), "ack");
  EXPECT_EQ(e["shapes"].size(), 32u);
  for (const json& bad : {json{{"orig", "i1"}, {"brush", "red"}},   // off an 8x8 board
                          json{{"orig", "e9"}, {"brush", "red"}},   // off an 8x8 board
                          json{{"orig", "7g"}, {"brush", "red"}},   // a shogi square
                          json{{"orig", "e2"}, {"brush", "pink"}},  // no such brush
                          json{{"orig", "e2"}, {"dest", 5}, {"brush", "red"}}})
    EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_draw"}, {"shapes", {bad}}})), "bad_request")
        << bad.dump();
  // Replaced as a set: one circle now.
  ASSERT_EQ(code_of(send(
                m.a.ws,
                {{"type", "review_draw"}, {"shapes", {{{"orig", "d4"}, {"brush", "green"}}}}}, &e)),
            "ack");
  EXPECT_EQ(e["shapes"], json({{{"orig", "d4"}, {"brush", "green"}}}));
}

bool is_hint(const json& j) {
  return j.is_object() && j.value("type", "") == "review_hint";
}

// A hint: the engine's move for the node the review shows, one of its legal moves, to the
// asker only; at most one under way per room and one per client every few seconds.
TEST_F(ServerReview, AHintIsALegalMoveOfTheShownNodeForTheAskerOnly) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "shogi"}, {"side", "first"}}));
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_hint"}})), "game_in_progress");
  ASSERT_TRUE(finish(m, {"7g7f", "3c3d"}));
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_hint"}})), "no_review");
  json e;
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}}, &e)), "ack");
  ASSERT_EQ(e["current"], 2);
  auto hint = m.a.ws.request({{"type", "review_hint"}}, 10000ms);
  ASSERT_TRUE(hint);
  ASSERT_EQ((*hint)["type"], "review_hint") << hint->dump();
  EXPECT_EQ((*hint)["node"], 2);
  const auto& legal = e["legal_moves"];
  EXPECT_NE(std::find(legal.begin(), legal.end(), (*hint)["move"]), legal.end()) << hint->dump();
  EXPECT_TRUE((*hint)["score"].is_number_integer());
  EXPECT_GE((*hint)["depth"].get<int>(), 1);
  EXPECT_EQ((*hint)["level"], 6);
  EXPECT_FALSE((*hint)["display"].get<std::string>().empty());
  // Asked again at once: the same client waits a few seconds.
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_hint"}})), "rate_limited");
  // The other player asks; while that search runs, nobody else's starts (one per room).
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  ASSERT_TRUE(spec.request({{"type", "join_room"}, {"room", m.room}}));
  EXPECT_EQ(code_of(send(spec, {{"type", "review_hint"}})), "not_a_player");
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_allow"}, {"spectators", true}}, &e)), "ack");
  m.b.ws.send({{"type", "review_hint"}, {"id", 900}});
  spec.send({{"type", "review_hint"}, {"id", 901}});
  // The review moves on before the answer: it still names the node it is for.
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_goto"}, {"node", 0}})), "ack");
  // Each hears only the answer to its own request (not a's hint above, nor the other's).
  int others_hints = 0;
  auto answer_to = [&others_hints](WsClient& ws, int id) {
    auto a = ws.wait_for([id](const json& j) { return j.value("re", json()) == id; }, 10000ms,
                         [&others_hints](const json& j) { others_hints += is_hint(j) ? 1 : 0; });
    return a ? *a : json("no answer");
  };
  const json to_b = answer_to(m.b.ws, 900);
  const json to_spec = answer_to(spec, 901);
  const bool b_first = is_hint(to_b);
  const json& answered = b_first ? to_b : to_spec;
  const json& refused = b_first ? to_spec : to_b;
  ASSERT_TRUE(is_hint(answered)) << to_b.dump() << to_spec.dump();
  EXPECT_EQ(answered["node"], 2);
  EXPECT_EQ(code_of(refused), "rate_limited") << refused.dump();
  EXPECT_EQ(others_hints, 0);
}

// The engine plays the first position of a dog-cat review after the game from the whole
// (revealed) position, and a fairy variant's review like any other.
TEST_F(ServerReview, HintsForDogcatAndForFairyVariants) {
  Match d;
  ASSERT_TRUE(open_match(port(), d, {{"game", "dogcat"}, {"side", "first"}}));
  ASSERT_TRUE(finish(d, {}, 2));
  json e;
  ASSERT_EQ(code_of(send(d.b.ws, {{"type", "review_start"}, {"ply", 0}}, &e)), "ack");
  auto hint = d.b.ws.request({{"type", "review_hint"}}, 10000ms);
  ASSERT_TRUE(hint);
  ASSERT_EQ((*hint)["type"], "review_hint") << hint->dump();
  EXPECT_EQ((*hint)["node"], 0);
  const auto& legal = e["legal_moves"];
  EXPECT_NE(std::find(legal.begin(), legal.end(), (*hint)["move"]), legal.end()) << hint->dump();

  Match f;
  ASSERT_TRUE(open_match(port(), f, {{"game", "capablanca"}, {"side", "first"}}));
  ASSERT_TRUE(finish(f, {"e2e4"}, 2));
  json fe;
  ASSERT_EQ(code_of(send(f.a.ws, {{"type", "review_start"}, {"ply", 1}}, &fe)), "ack");
  auto fairy_hint = f.a.ws.request({{"type", "review_hint"}}, 10000ms);
  ASSERT_TRUE(fairy_hint);
  ASSERT_EQ((*fairy_hint)["type"], "review_hint") << fairy_hint->dump();
  const auto& fairy_legal = fe["legal_moves"];
  EXPECT_NE(std::find(fairy_legal.begin(), fairy_legal.end(), (*fairy_hint)["move"]),
            fairy_legal.end())
      << fairy_hint->dump();
}

TEST_F(ServerReview, BranchAndGoToEveryoneSeesTheSame) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "shogi"}, {"side", "first"}}));
  ASSERT_TRUE(finish(m, {"7g7f", "3c3d", "2g2f"}));
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  ASSERT_TRUE(spec.request({{"type", "join_room"}, {"room", m.room}}));
  json e;
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}, {"ply", 1}}, &e)), "ack");
  // A side line at ply 2: 8c8d instead of 3c3d.
  ASSERT_EQ(
      code_of(
          send(m.b.ws, {{"type", "review_move"}, {"move", "8c8d"}, {"version", e["version"]}}, &e)),
      "ack");
  EXPECT_EQ(e["current"], 4);
  EXPECT_EQ(e["nodes"][1]["children"], json({2, 4}));
  EXPECT_EQ(e["nodes"][4]["parent"], 1);
  EXPECT_EQ(e["nodes"][4]["display"], "△８四歩");
  const std::string side_line = e["position"];
  // The same move again is the same node, not a copy.
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_goto"}, {"node", 1}}, &e)), "ack");
  const auto stale = e["version"];
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_move"}, {"move", "8c8d"}}, &e)), "ack");
  EXPECT_EQ(e["current"], 4);
  EXPECT_EQ(e["nodes"].size(), 5u);
  EXPECT_EQ(e["position"], side_line);
  // A move sent after looking at an older node is stale.
  EXPECT_EQ(code_of(send(m.b.ws, {{"type", "review_move"}, {"move", "2g2f"}, {"version", stale}})),
            "stale_version");
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_goto"}, {"node", 3}}, &e)), "ack");
  EXPECT_EQ(e["last_move"], "2g2f");
  EXPECT_EQ(e["to_move"], 1);
  // Both players and the spectator hold the same review.
  const json by_b = review_at(m.b.ws, e["version"]);
  const json by_spec = review_at(spec, e["version"]);
  EXPECT_EQ(by_b, e);
  EXPECT_EQ(by_spec, e);
}

TEST_F(ServerReview, AReconnectGetsTheReviewBack) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "shogi"}, {"side", "first"}}));
  ASSERT_TRUE(finish(m, {"7g7f", "3c3d"}));
  json e;
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}, {"ply", 0}}, &e)), "ack");
  const json seen = e["version"];
  const json seen_review = e;
  m.b.ws.close();
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_move"}, {"move", "2g2f"}}, &e)), "ack");
  // Catching up from `since`: the missed review event itself (a change to the review seen).
  WsClient back;
  back.hold_review(seen_review);
  ASSERT_TRUE(back.connect(port()));
  auto joined = back.request(
      {{"type", "join_room"}, {"room", m.room}, {"token", m.b.token}, {"since", seen}});
  ASSERT_TRUE(joined);
  EXPECT_EQ((*joined)["role"], "player");
  auto missed =
      back.wait_for([](const json& j) { return is_review(j) || j["type"] == "snapshot"; });
  ASSERT_TRUE(missed);
  EXPECT_EQ(*missed, e);
  // Without `since`: the snapshot carries it.
  WsClient again;
  ASSERT_TRUE(again.connect(port()));
  ASSERT_TRUE(again.request({{"type", "join_room"}, {"room", m.room}, {"token", m.b.token}}));
  auto snap = again.wait_for([](const json& j) { return j["type"] == "snapshot"; });
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["review"], e);
}

TEST_F(ServerReview, ARematchClosesTheReview) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "reversi"}, {"side", "first"}}));
  ASSERT_TRUE(finish(m, {}, 3));
  json e;
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}}, &e)), "ack");
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "rematch_offer"}})), "ack");
  ASSERT_EQ(code_of(send(m.b.ws, {{"type", "rematch_accept"}})), "ack");
  auto snap = m.a.ws.wait_for([](const json& j) { return j["type"] == "snapshot"; });
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["game_no"], 2);
  EXPECT_EQ((*snap)["review"], nullptr);
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_goto"}, {"node", 0}})), "game_in_progress");
}

TEST_F(ServerReview, ASwitchClosesTheReviewAndItMayOpenAgain) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "reversi"}, {"side", "first"}}));
  ASSERT_TRUE(finish(m, {}, 2));
  json e;
  ASSERT_EQ(code_of(send(m.b.ws, {{"type", "review_start"}}, &e)), "ack");
  ASSERT_EQ(code_of(send(m.b.ws, {{"type", "review_goto"}, {"node", 1}}, &e)), "ack");
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "switch_game"}, {"game", "chess"}})), "ack");
  auto closed = m.a.ws.wait_for(is_review);
  ASSERT_TRUE(closed);
  EXPECT_EQ((*closed)["open"], false);
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}, {"ply", 2}}, &e)), "ack");
  EXPECT_EQ(e["nodes"].size(), 3u);
  EXPECT_EQ(e["current"], 2);
}

// review_save after a side line at `branch_ply`, asked by a spectator the players let drive.
json save_with_branch(unsigned short port, const std::string& game,
                      const std::vector<std::string>& moves, int branch_ply,
                      const std::string& branch_move) {
  Match m;
  if (!open_match(port, m, {{"game", game}, {"side", "first"}})) return "no match";
  if (!finish(m, moves, 3)) return "not finished";
  json e;
  if (code_of(send(m.a.ws, {{"type", "review_start"}, {"ply", branch_ply}}, &e)) != "ack")
    return "no review";
  // Empty: any legal move other than the game's own.
  std::string move = branch_move;
  for (const auto& legal : e["legal_moves"])
    if (move.empty() && legal != e["nodes"][branch_ply + 1]["move"]) move = legal;
  if (code_of(send(m.b.ws, {{"type", "review_move"}, {"move", move}}, &e)) != "ack")
    return "branch refused";
  if (code_of(send(m.a.ws, {{"type", "review_allow"}, {"spectators", true}}, &e)) != "ack")
    return "not allowed";
  WsClient spec;
  if (!spec.connect(port) || !spec.request({{"type", "join_room"}, {"room", m.room}}))
    return "no spectator";
  auto record = spec.request({{"type", "review_save"}});
  return record ? *record : json("timeout");
}

// The value of counter `name` in /metrics (-1 when absent).
double work_counter(unsigned short port, const std::string& name) {
  const std::string text = body_of(raw_http_get(port, "/metrics"));
  const auto at = text.find("\n" + name + " ");
  return at == std::string::npos ? -1 : std::stod(text.substr(at + name.size() + 2));
}

TEST_F(ServerReview, ASpectatorSavesOnlyWhenThePlayersLetThemDrive) {
  // Writing the record is the review's dearest request: a spectator without leave is
  // refused before any of it is done, as for driving the board, and /metrics counts each
  // refusal (a flood of them shows).
  const std::string refused = "banmen_refused_total{reason=\"review_spectator\"}";
  const double before = work_counter(port(), refused);
  ASSERT_GE(before, 0);
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "shogi"}, {"side", "first"}}));
  ASSERT_TRUE(finish(m, {"7g7f", "3c3d"}));
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  ASSERT_TRUE(spec.request({{"type", "join_room"}, {"room", m.room}}));
  EXPECT_EQ(code_of(send(spec, {{"type", "review_save"}})), "not_a_player");
  json e;
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}}, &e)), "ack");
  EXPECT_EQ(code_of(send(spec, {{"type", "review_save"}})), "not_a_player");
  EXPECT_EQ(code_of(send(m.b.ws, {{"type", "review_save"}})), "review_record");
  ASSERT_EQ(code_of(send(m.b.ws, {{"type", "review_allow"}, {"spectators", true}}, &e)), "ack");
  EXPECT_EQ(code_of(send(spec, {{"type", "review_save"}})), "review_record");
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_allow"}, {"spectators", false}}, &e)), "ack");
  EXPECT_EQ(code_of(send(spec, {{"type", "review_save"}})), "not_a_player");
  EXPECT_EQ(code_of(send(spec, {{"type", "review_move"}, {"move", "2g2f"}})), "not_a_player");
  EXPECT_EQ(work_counter(port(), refused), before + 4);
}

TEST_F(ServerReview, EachChangeSendsItselfNotTheTree) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "shogi"}, {"side", "first"}}));
  ASSERT_TRUE(finish(m, {"7g7f", "3c3d"}));
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  ASSERT_TRUE(spec.request({{"type", "join_room"}, {"room", m.room}}));
  json e;
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}, {"ply", 0}}, &e)), "ack");
  EXPECT_FALSE(m.a.ws.last_review_was_change());  // opening sends the whole review
  // A side line for every first move: a tree of some thirty nodes.
  const json legal = e["legal_moves"];
  for (const auto& move : legal) {
    ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_move"}, {"move", move}}, &e)), "ack");
    EXPECT_TRUE(m.a.ws.last_review_was_change()) << "a move sends the change";
    ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_goto"}, {"node", 0}}, &e)), "ack");
    EXPECT_TRUE(m.a.ws.last_review_was_change());
  }
  const json nodes = e["nodes"];
  ASSERT_GE(nodes.size(), 25u);
  const std::size_t whole = e.dump().size();
  // An arrow: its event is the arrow and the version it follows, whatever the tree's size.
  ASSERT_EQ(
      code_of(send(m.b.ws,
                   {{"type", "review_draw"},
                    {"shapes", json::array({{{"orig", "7g"}, {"dest", "7f"}, {"brush", "red"}}})}},
                   &e)),
      "ack");
  EXPECT_TRUE(m.b.ws.last_review_was_change());
  EXPECT_LT(m.b.ws.last_bytes(), 300u) << "the whole review is " << whole << " bytes";
  EXPECT_EQ(e["shapes"].size(), 1u);
  EXPECT_EQ(e["nodes"], nodes);
  // A spectator who followed every change holds the same review, and so does one who joins
  // now (the snapshot carries it whole).
  const json seen = review_at(spec, e["version"]);
  EXPECT_EQ(seen["nodes"], nodes);
  EXPECT_EQ(seen["shapes"], e["shapes"]);
  EXPECT_EQ(seen["current"], 0);
  WsClient late;
  ASSERT_TRUE(late.connect(port()));
  ASSERT_TRUE(late.request({{"type", "join_room"}, {"room", m.room}}));
  auto snap = late.wait_for([](const json& j) { return j["type"] == "snapshot"; });
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["review"]["nodes"], nodes);
  EXPECT_EQ((*snap)["review"]["version"], e["version"]);
  EXPECT_EQ((*snap)["review"]["shapes"], e["shapes"]);
}

TEST_F(ServerReview, OpeningAndSavingRunOnTheRoomWorkers) {
  // Both go through the rules for the whole game or tree: the room workers do them, never
  // an I/O thread. A goto or a move costs a step and stays on the room's strand.
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "chess"}, {"side", "first"}}));
  ASSERT_TRUE(finish(m, {"e2e4", "e7e5"}));
  const double before = work_counter(port(), "banmen_room_work_total");
  ASSERT_GE(before, 0);
  json e;
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}}, &e)), "ack");
  EXPECT_EQ(e["nodes"].size(), 3u);
  EXPECT_EQ(work_counter(port(), "banmen_room_work_total"), before + 1);
  ASSERT_EQ(code_of(send(m.b.ws, {{"type", "review_goto"}, {"node", 1}}, &e)), "ack");
  ASSERT_EQ(code_of(send(m.b.ws, {{"type", "review_move"}, {"move", "c7c5"}}, &e)), "ack");
  EXPECT_EQ(work_counter(port(), "banmen_room_work_total"), before + 1);
  EXPECT_EQ(code_of(send(m.a.ws, {{"type", "review_save"}})), "review_record");
  EXPECT_EQ(work_counter(port(), "banmen_room_work_total"), before + 2);
  // Reopened: the tree is already there, nothing to make.
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_close"}}, &e)), "ack");
  ASSERT_EQ(code_of(send(m.a.ws, {{"type", "review_start"}}, &e)), "ack");
  EXPECT_EQ(e["nodes"].size(), 4u);
  EXPECT_EQ(work_counter(port(), "banmen_room_work_total"), before + 2);
}

// The answers to requests `first`..`last` (ids) that `ws` sent without waiting, by id:
// the answer's error code or type ("timeout" for one that never came).
std::map<int, std::string> answers(WsClient& ws, int first, int last) {
  std::map<int, std::string> got;
  while (static_cast<int>(got.size()) < last - first + 1) {
    auto a = ws.wait_for([&](const json& j) {
      return j.contains("re") && j["re"].is_number_integer() && j["re"] >= first && j["re"] <= last;
    });
    if (!a) break;
    got[(*a)["re"].get<int>()] = code_of(*a);
  }
  for (int id = first; id <= last; ++id) got.try_emplace(id, "timeout");
  return got;
}

TEST_F(ServerReview, HeavyRequestsSentBackToBackAreQueuedNotRefused) {
  // A client may send its next request before the last one is answered, and two players
  // may ask at once: the room holds each heavy request behind the one before it, and the
  // room's and the address's shares of the workers are back before an answer goes out, so
  // no request is refused rate_limited for bookkeeping. Review start and saves back to
  // back from one player, saves from both players interleaved, many times over.
  constexpr int kSaves = 40;
  for (int room = 0; room < 3; ++room) {
    Match m;
    ASSERT_TRUE(open_match(port(), m, {{"game", "chess"}, {"side", "first"}}));
    ASSERT_TRUE(finish(m, {"e2e4", "e7e5"}));
    m.a.ws.send({{"type", "review_start"}, {"id", 1000}});
    m.a.ws.send({{"type", "review_save"}, {"id", 1001}});  // right behind its start
    // Two connections are not ordered with each other: b's saves could reach the room
    // before a's start. b sends once it sees the review open, then both players' saves go
    // interleaved.
    ASSERT_TRUE(m.b.ws.wait_for(is_review)) << "room " << room;
    m.b.ws.send({{"type", "review_save"}, {"id", 1001}});
    for (int i = 2; i <= kSaves; ++i) {
      m.a.ws.send({{"type", "review_save"}, {"id", 1000 + i}});
      m.b.ws.send({{"type", "review_save"}, {"id", 1000 + i}});
    }
    auto by_a = answers(m.a.ws, 1000, 1000 + kSaves);
    auto by_b = answers(m.b.ws, 1001, 1000 + kSaves);
    EXPECT_EQ(by_a[1000], "ack") << "room " << room;
    int refused = 0;
    for (int i = 1; i <= kSaves; ++i) {
      EXPECT_EQ(by_a[1000 + i], "review_record") << "room " << room << " a's save " << i;
      EXPECT_EQ(by_b[1000 + i], "review_record") << "room " << room << " b's save " << i;
      refused += (by_a[1000 + i] == "rate_limited") + (by_b[1000 + i] == "rate_limited");
    }
    ASSERT_EQ(refused, 0) << "room " << room;
  }
}

TEST_F(ServerReview, ShogiSavesKifWithVariations) {
  const json r = save_with_branch(port(), "shogi", {"7g7f", "3c3d", "2g2f"}, 1, "8c8d");
  ASSERT_EQ(r.value("type", ""), "review_record") << r.dump();
  EXPECT_EQ(r["format"], "kif");
  EXPECT_TRUE(r["filename"].get<std::string>().ends_with("-game-1-review.kif"));
  const std::string text = r["text"];
  EXPECT_NE(text.find("変化：2手"), std::string::npos) << text;
  EXPECT_NE(text.find("８四歩(83)"), std::string::npos) << text;
}

TEST_F(ServerReview, ChessSavesPgnWithAVariation) {
  const json r = save_with_branch(port(), "chess", {"e2e4", "e7e5", "g1f3"}, 1, "c7c5");
  ASSERT_EQ(r.value("type", ""), "review_record") << r.dump();
  EXPECT_EQ(r["format"], "pgn");
  const std::string text = r["text"];
  EXPECT_NE(text.find("1. e4 e5 (1... c5) 2. Nf3"), std::string::npos) << text;
}

TEST_F(ServerReview, ReversiSavesTheTranscript) {
  const json r = save_with_branch(port(), "reversi", {}, 1, "");
  ASSERT_EQ(r.value("type", ""), "review_record") << r.dump();
  EXPECT_EQ(r["format"], "txt");
  EXPECT_TRUE(r["filename"].get<std::string>().ends_with("-review.txt"));
  const std::string text = r["text"];
  EXPECT_EQ(text.rfind("review reversi\nstart ", 0), 0u) << text;
  // Three moves of the game, a side line replacing the second.
  const auto moves = text.substr(text.find("\nmoves ") + 7);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), ' '), 5) << text;
  EXPECT_NE(moves.find(" ( "), std::string::npos) << text;
}

}  // namespace
}  // namespace banmen::testing
