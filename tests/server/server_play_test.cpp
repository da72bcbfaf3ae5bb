// Integration: the real server on a loopback port, driven by real WebSocket clients.
// Complete games of every game the registry plays, each kind of ending, and the checks
// every request goes through.
#include <gtest/gtest.h>

#include <memory>
#include <thread>

#include "match_driver.h"
#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

class ServerPlay : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new ServerProcess({"--abandon-timeout-ms", "1000", "--max-rooms-per-address", "5000",
                                 "--messages-per-second", "5000", "--message-burst", "10000"});
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(server_->ok()) << server_->log(); }
  unsigned short port() const { return server_->port(); }
  static ServerProcess* server_;
};
ServerProcess* ServerPlay::server_ = nullptr;

const char* kGames[] = {"shogi", "minishogi", "dogcat", "hasami", "chess", "reversi"};

TEST_F(ServerPlay, HelloAnswersVersions) {
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
  auto w = c.request({{"type", "hello"}, {"protocol", 1}});
  ASSERT_TRUE(w);
  EXPECT_EQ((*w)["type"], "welcome");
  EXPECT_EQ((*w)["protocol"], 1);
  EXPECT_EQ((*w)["games"].size(), 42u);  // six games and 36 fairy-chess variants
  // Each game lists the record formats its rules export (the download links offer them),
  // and that the computer opponent plays it (every one, duck chess too); each fairy-chess
  // variant its group and facts.
  for (const auto& g : (*w)["games"]) {
    EXPECT_EQ(g.value("computer", json()), true) << g["id"];
    const bool fairy = g["board"] == "fairy";
    EXPECT_EQ(g.contains("family"), fairy) << g["id"];
    EXPECT_EQ(g.contains("variant"), fairy) << g["id"];
    if (fairy) {
      EXPECT_EQ(g["variant"]["name"], g["id"]);
    }
    if (g["id"] == "crazyhouse") {
      EXPECT_EQ(g["family"], "drops");
      EXPECT_EQ(g["hands"], true);
    }
    if (g["id"] == "makruk") {
      EXPECT_EQ(g["family"], "asian");
    }
    if (g["id"] == "chess") {
      EXPECT_EQ(g.value("record_formats", json()), json({"pgn"}));
    } else if (g["id"] == "shogi") {
      EXPECT_EQ(g.value("record_formats", json()), json({"kif", "csa", "sfen"}));
    }
  }
}

// The game the tests that need "some game" play: short games, no hidden information.
std::string first_available() {
  return "reversi";
}

// The connection speaks the client's version when the server knows it, else the newest.
TEST_F(ServerPlay, HelloNegotiatesTheProtocol) {
  auto speaks = [&](json hello) -> json {
    WsClient c;
    if (!c.connect(port())) return "no connection";
    hello["type"] = "hello";
    auto w = c.request(hello);
    if (!w) return "no answer";
    return (*w)["type"] == "welcome" ? (*w)["protocol"] : (*w)["code"];
  };
  EXPECT_EQ(speaks({}), 1);
  EXPECT_EQ(speaks({{"protocol", 1}}), 1);
  EXPECT_EQ(speaks({{"protocol", 2}}), 2);
  EXPECT_EQ(speaks({{"protocol", 99}}), 2);
  EXPECT_EQ(speaks({{"protocol", "2"}}), "bad_request");
  EXPECT_EQ(speaks({{"protocol", 0}}), "bad_request");
}

// Protocol 2: the mover's own move event answers the move (re, move_id); no ack. Nobody
// else's copy carries them, and a resend is still answered ack/duplicate.
TEST_F(ServerPlay, ProtocolTwoAnswersAMoveWithItsOwnEvent) {
  auto game = first_available();
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", game}, {"side", "first"}}));
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  ASSERT_TRUE(spec.request({{"type", "join_room"}, {"room", m.room}}));
  for (Side* s : {&m.a, &m.b}) {
    auto w = s->ws.request({{"type", "hello"}, {"protocol", 2}}, 5000ms, s->absorber());
    ASSERT_TRUE(w);
    ASSERT_EQ((*w)["protocol"], 2);
  }
  Side& mover = m.a;
  ASSERT_FALSE(mover.legal.empty());
  const std::string legal = mover.legal[0];
  const json move{{"type", "move"}, {"move", legal}, {"version", mover.version}, {"move_id", "p2"}};
  std::vector<json> before;
  auto answer = mover.ws.request(move, 5000ms, [&](const json& j) { before.push_back(j); });
  ASSERT_TRUE(answer);
  EXPECT_EQ((*answer)["type"], "move") << answer->dump();
  EXPECT_EQ((*answer)["move_id"], "p2");
  EXPECT_EQ((*answer)["move"], legal);
  EXPECT_EQ((*answer)["ply"], 1);
  for (const auto& j : before) EXPECT_NE(j["type"], "ack") << j.dump();
  mover.absorb(*answer);
  auto theirs = m.b.ws.wait_for([](const json& j) { return j["type"] == "move"; });
  ASSERT_TRUE(theirs);
  EXPECT_FALSE(theirs->contains("re"));
  EXPECT_FALSE(theirs->contains("move_id"));
  EXPECT_FALSE((*theirs)["legal_moves"].empty());
  auto watched = spec.wait_for([](const json& j) { return j["type"] == "move"; });
  ASSERT_TRUE(watched);
  EXPECT_FALSE(watched->contains("re"));
  // The answer is the event everyone saw, plus the two fields.
  json without = *answer;
  without.erase("re");
  without.erase("move_id");
  EXPECT_EQ(without, *watched);
  // No ack follows the event either, up to the answer of a ping sent after it.
  std::vector<json> after;
  auto pong =
      mover.ws.request({{"type", "ping"}}, 5000ms, [&](const json& j) { after.push_back(j); });
  ASSERT_TRUE(pong);
  EXPECT_EQ((*pong)["type"], "pong");
  for (const auto& j : after) EXPECT_NE(j["type"], "ack") << j.dump();
  auto dup = mover.ws.request(move, 5000ms);
  ASSERT_TRUE(dup);
  EXPECT_EQ((*dup)["type"], "ack");
  EXPECT_EQ((*dup)["duplicate"], true);
}

// A complete random game of each game to its rules ending, equal to replaying its moves.
TEST_F(ServerPlay, EveryGamePlaysToTheEnd) {
  for (const char* game : kGames) {
    SCOPED_TRACE(game);
    std::mt19937 rng(7);
    Match m;
    ASSERT_TRUE(open_match(port(), m, {{"game", game}, {"side", "first"}}));
    ASSERT_TRUE(play_random(m, rng, 1200));
    EXPECT_TRUE(replay_matches(game, m.a.game_over));
    EXPECT_EQ(m.a.game_over["moves"], m.b.game_over["moves"]);
    EXPECT_EQ(m.a.game_over["reason"], m.b.game_over["reason"]);
  }
}

TEST_F(ServerPlay, InvalidMovesAreRejectedAndChangeNothing) {
  auto game = first_available();
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", game}, {"side", "first"}}));
  Side& mover = m.a;
  Side& waiter = m.b;
  ASSERT_FALSE(mover.legal.empty());
  ASSERT_TRUE(waiter.legal.empty());
  const auto v0 = mover.version;
  auto send = [&](Side& s, json j) {
    j["type"] = "move";
    return s.ws.request(j, 5000ms, s.absorber());
  };
  std::string legal = mover.legal[0];
  auto r = send(waiter, {{"move", legal}, {"version", v0}, {"move_id", "w1"}});
  EXPECT_EQ((*r)["code"], "not_your_turn");
  r = send(mover, {{"move", "zz99"}, {"version", v0}, {"move_id", "a1"}});
  EXPECT_TRUE((*r)["code"] == "illegal_move" || (*r)["code"] == "bad_move") << r->dump();
  r = send(mover, {{"move", legal}, {"move_id", "a2"}});
  EXPECT_EQ((*r)["code"], "bad_request");
  // A spectator cannot move.
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  auto j = spec.request({{"type", "join_room"}, {"room", m.room}});
  EXPECT_EQ((*j)["role"], "spectator");
  r = spec.request({{"type", "move"}, {"move", legal}, {"version", v0}, {"move_id", "s"}});
  EXPECT_EQ((*r)["code"], "not_a_player");
  // Nothing happened: the version has not moved and the legal move still plays.
  EXPECT_EQ(mover.version, v0);
  ASSERT_TRUE(play_one(m, legal, "a3"));
  // A resend of the same move id is acknowledged as a duplicate and not applied again.
  auto dup =
      mover.ws.request({{"type", "move"}, {"move", legal}, {"version", v0}, {"move_id", "a3"}},
                       5000ms, mover.absorber());
  EXPECT_EQ((*dup)["type"], "ack");
  EXPECT_EQ((*dup)["duplicate"], true);
  // The other side now moves; a move based on an old version is stale.
  ASSERT_FALSE(waiter.legal.empty());
  r = send(waiter, {{"move", waiter.legal[0]}, {"version", v0}, {"move_id", "w2"}});
  EXPECT_EQ((*r)["code"], "stale_version");
  ASSERT_TRUE(play_one(m, waiter.legal[0], "w3"));
}

TEST_F(ServerPlay, ResignDrawAbortAndRematchWithGameSwitch) {
  auto game = first_available();
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", game}, {"side", "first"}}));
  // Abort before both sides moved.
  auto r = m.b.ws.request({{"type", "abort"}}, 5000ms, m.b.absorber());
  EXPECT_EQ((*r)["type"], "ack");
  auto over = m.a.ws.wait_for([](const json& j) { return j["type"] == "game_over"; });
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["result"], "aborted");
  EXPECT_EQ((*over)["score"], json({0, 0}));
  // Rematch: sides swap.
  r = m.a.ws.request({{"type", "rematch_offer"}}, 5000ms, m.a.absorber());
  EXPECT_EQ((*r)["type"], "ack");
  r = m.b.ws.request({{"type", "rematch_accept"}}, 5000ms, m.b.absorber());
  EXPECT_EQ((*r)["type"], "ack");
  for (Side* s : {&m.a, &m.b}) {
    auto snap = s->ws.wait_for([](const json& j) { return j["type"] == "snapshot"; }, 5000ms,
                               s->absorber());
    ASSERT_TRUE(snap);
    s->absorb(*snap);
  }
  EXPECT_EQ(m.a.seat, 1);
  EXPECT_EQ(m.b.seat, 0);
  EXPECT_EQ(m.a.snapshot["game_no"], 2);
  // Draw offered and accepted.
  r = m.a.ws.request({{"type", "draw_offer"}}, 5000ms, m.a.absorber());
  EXPECT_EQ((*r)["type"], "ack");
  r = m.b.ws.request({{"type", "draw_accept"}}, 5000ms, m.b.absorber());
  EXPECT_EQ((*r)["type"], "ack");
  over = m.a.ws.wait_for([](const json& j) { return j["type"] == "game_over"; });
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["result"], "draw");
  EXPECT_EQ((*over)["reason"], "agreement");
  EXPECT_EQ((*over)["score"], json({0.5, 0.5}));
  // The host switches the game; a guest may not.
  std::string other = game;
  for (const char* g : kGames)
    if (g != game) other = g;
  r = m.b.ws.request({{"type", "switch_game"}, {"game", other}});
  EXPECT_EQ((*r)["code"], "not_host");
  r = m.a.ws.request({{"type", "switch_game"}, {"game", other}});
  EXPECT_EQ((*r)["type"], "ack");
  m.a.ws.request({{"type", "rematch_offer"}});
  m.b.ws.request({{"type", "rematch_accept"}});
  auto snap =
      m.b.ws.wait_for([](const json& j) { return j["type"] == "snapshot" && j["game_no"] == 3; });
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["game"]["id"], other);
  EXPECT_EQ((*snap)["you"]["seat"], 1);
  m.b.absorb(*snap);
  snap = m.a.ws.wait_for([](const json& j) { return j["type"] == "snapshot"; });
  ASSERT_TRUE(snap);
  m.a.absorb(*snap);
  // Resignation.
  r = m.b.ws.request({{"type", "resign"}});
  over = m.a.ws.wait_for([](const json& j) { return j["type"] == "game_over"; });
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["result"], "win");
  EXPECT_EQ((*over)["reason"], "resignation");
  EXPECT_EQ((*over)["score"], json({1.5, 0.5}));
}

TEST_F(ServerPlay, TakebackRestoresThePosition) {
  auto game = first_available();
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", game}, {"side", "first"}}));
  const auto start = m.a.snapshot["position"];
  ASSERT_TRUE(play_one(m, m.a.legal[0], "a1"));
  auto r = m.a.ws.request({{"type", "takeback_request"}}, 5000ms, m.a.absorber());
  EXPECT_EQ((*r)["type"], "ack");
  r = m.b.ws.request({{"type", "takeback_accept"}}, 5000ms, m.b.absorber());
  EXPECT_EQ((*r)["type"], "ack");
  auto snap = m.a.ws.wait_for([](const json& j) { return j["type"] == "snapshot"; });
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["position"], start);
  EXPECT_EQ((*snap)["moves"].size(), 0u);
  // Without permission there is no takeback.
  Match n;
  ASSERT_TRUE(open_match(port(), n, {{"game", game}, {"takebacks", false}}));
  r = n.a.ws.request({{"type", "takeback_request"}});
  EXPECT_EQ((*r)["code"], "takebacks_disabled");
}

// The value of counter `name` in /metrics (-1 when absent).
double counter(unsigned short port, const std::string& name) {
  const std::string text = body_of(raw_http_get(port, "/metrics"));
  const auto at = text.find("\n" + name + " ");
  return at == std::string::npos ? -1 : std::stod(text.substr(at + name.size() + 2));
}

TEST_F(ServerPlay, ATakebackReplaysNothing) {
  // The room keeps the game as it was before its last moves: taking one or two back costs
  // no replay from the start, however long the game.
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "chess"}, {"side", "first"}}));
  const char* moves[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4"};
  const char* ids[] = {"t1", "t2", "t3", "t4", "t5"};
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(play_one(m, moves[i], ids[i]));
  const double before = counter(port(), "banmen_replayed_plies_total");
  ASSERT_GE(before, 0);
  // White asks, black to move: one ply back (white's f1c4).
  auto r = m.a.ws.request({{"type", "takeback_request"}}, 5000ms, m.a.absorber());
  ASSERT_EQ((*r)["type"], "ack");
  r = m.b.ws.request({{"type", "takeback_accept"}}, 5000ms, m.b.absorber());
  ASSERT_EQ((*r)["type"], "ack");
  for (Side* s : {&m.a, &m.b}) {
    auto snap = s->ws.wait_for([](const json& j) { return j["type"] == "snapshot"; });
    ASSERT_TRUE(snap);
    EXPECT_EQ((*snap)["moves"].size(), 4u);
    s->absorb(*snap);
  }
  EXPECT_EQ(counter(port(), "banmen_replayed_plies_total"), before);
  // Black asks, white to move: one ply back again (black's b8c6), the older kept game.
  r = m.b.ws.request({{"type", "takeback_request"}}, 5000ms, m.b.absorber());
  ASSERT_EQ((*r)["type"], "ack");
  r = m.a.ws.request({{"type", "takeback_accept"}}, 5000ms, m.a.absorber());
  ASSERT_EQ((*r)["type"], "ack");
  auto snap = m.a.ws.wait_for([](const json& j) { return j["type"] == "snapshot"; });
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["moves"].size(), 3u);
  EXPECT_EQ(counter(port(), "banmen_replayed_plies_total"), before);
}

TEST_F(ServerPlay, ReconnectGetsMissedEventsAndPresence) {
  auto game = first_available();
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", game}, {"side", "first"}}));
  ASSERT_TRUE(play_one(m, m.a.legal[0], "a1"));
  const auto seen = m.a.version;
  m.a.ws.close();
  auto gone = m.b.ws.wait_for(
      [](const json& j) { return j["type"] == "presence" && j.value("connected", true) == false; });
  ASSERT_TRUE(gone);
  EXPECT_TRUE(gone->contains("claim_at_ms"));
  m.b.absorb(*gone);
  ASSERT_TRUE(play_one(m, m.b.legal[0], "b1"));  // a missed this move
  WsClient back;
  ASSERT_TRUE(back.connect(port()));
  // Without the token the room is full of players: a spectator, never the seat.
  WsClient thief;
  ASSERT_TRUE(thief.connect(port()));
  auto t = thief.request({{"type", "join_room"}, {"room", m.room}});
  EXPECT_EQ((*t)["role"], "spectator");
  t = thief.request({{"type", "join_room"}, {"room", m.room}, {"token", "AAAA"}});
  EXPECT_EQ((*t)["code"], "bad_token");
  auto j = back.request(
      {{"type", "join_room"}, {"room", m.room}, {"token", m.a.token}, {"since", seen}});
  ASSERT_TRUE(j);
  EXPECT_EQ((*j)["role"], "player");
  EXPECT_EQ((*j)["player"], 0);
  auto missed = back.wait_for([](const json& x) { return x["type"] == "move"; });
  ASSERT_TRUE(missed);
  EXPECT_EQ((*missed)["ply"], 2);
  EXPECT_FALSE((*missed)["legal_moves"].empty());
  auto here = m.b.ws.wait_for(
      [](const json& x) { return x["type"] == "presence" && x.value("connected", false); });
  EXPECT_TRUE(here);
}

TEST_F(ServerPlay, AClientTooFarBehindGetsASnapshotInsteadOfEvents) {
  // A room keeps at most 16 KiB of past events; shogi's move events (legal moves included)
  // pass that within a few dozen plies.
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "shogi"}, {"side", "first"}}));
  ASSERT_TRUE(play_one(m, m.a.legal[0], "first"));
  const auto seen = m.a.version;
  std::mt19937 rng(7);
  play_random(m, rng, 120);
  WsClient back;
  ASSERT_TRUE(back.connect(port()));
  auto j = back.request(
      {{"type", "join_room"}, {"room", m.room}, {"token", m.a.token}, {"since", seen}});
  ASSERT_TRUE(j);
  EXPECT_EQ((*j)["role"], "player");
  auto first = back.wait_for([](const json& x) { return x["type"] != "presence"; });
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["type"], "snapshot") << "old events were replayed: " << first->dump();
  EXPECT_GT((*first)["moves"].size(), 60u);
}

TEST_F(ServerPlay, APublicRoomIsListedUntilItsGuestArrives) {
  auto game = first_available();
  WsClient host, guest, visitor;
  ASSERT_TRUE(host.connect(port()) && guest.connect(port()) && visitor.connect(port()));
  auto created = host.request(
      {{"type", "create_room"}, {"name", "Lobbyist"}, {"game", game}, {"public", true}});
  ASSERT_TRUE(created);
  ASSERT_EQ((*created)["type"], "room_created");
  const std::string room = (*created)["room"];
  auto listed_now = [&] {
    auto rooms = visitor.request({{"type", "list_rooms"}});
    EXPECT_TRUE(rooms);
    for (const auto& r : (*rooms)["rooms"])
      if (r["room"] == room) return r;
    return json();
  };
  auto entry = listed_now();
  ASSERT_FALSE(entry.is_null()) << "a public room waiting for its guest is not listed";
  EXPECT_EQ(entry["host"], "Lobbyist");
  EXPECT_EQ(entry["game"], game);
  auto joined = guest.request({{"type", "join_room"}, {"room", room}, {"name", "Guest"}});
  ASSERT_TRUE(joined);
  EXPECT_EQ((*joined)["role"], "player");
  EXPECT_TRUE(listed_now().is_null()) << "a full room is still listed";
}

TEST_F(ServerPlay, FlagFallEndsTheGame) {
  auto game = first_available();
  Match m;
  ASSERT_TRUE(
      open_match(port(), m,
                 {{"game", game},
                  {"side", "first"},
                  {"clock", {{"kind", "fischer"}, {"base_ms", 300}, {"increment_ms", 0}}}}));
  ASSERT_TRUE(play_one(m, m.a.legal[0], "a1"));
  ASSERT_TRUE(play_one(m, m.b.legal[0], "b1"));  // the clocks start now; a is to move
  auto over = m.b.ws.wait_for([](const json& j) { return j["type"] == "game_over"; }, 3000ms);
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["reason"], "timeout");
  EXPECT_EQ((*over)["winner"], 1);
  EXPECT_EQ((*over)["result"], "win");
}

TEST_F(ServerPlay, AbandonedGameCanBeClaimed) {
  auto game = first_available();
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", game}, {"side", "first"}}));
  auto r = m.a.ws.request({{"type", "claim"}, {"result", "win"}});
  EXPECT_EQ((*r)["code"], "opponent_present");
  m.b.ws.close();
  std::this_thread::sleep_for(1200ms);  // the server runs with a 1 s abandon timeout
  r = m.a.ws.request({{"type", "claim"}, {"result", "win"}});
  EXPECT_EQ((*r)["type"], "ack") << r->dump();
  auto over = m.a.ws.wait_for([](const json& j) { return j["type"] == "game_over"; });
  ASSERT_TRUE(over);
  EXPECT_EQ((*over)["reason"], "abandonment");
  EXPECT_EQ((*over)["result"], "win");
}

}  // namespace
}  // namespace banmen::testing
