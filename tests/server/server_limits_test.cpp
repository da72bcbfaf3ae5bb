// Integration: hostile or careless clients. Oversize and malformed messages, chat limits,
// message rate limits, Origin checks; none of them may harm another room.
#include <gtest/gtest.h>

#include <memory>
#include <thread>

#include "match_driver.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

class ServerLimits : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new ServerProcess({"--allowed-origin", "https://ok.example"});
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(server_->ok()) << server_->log(); }
  unsigned short port() const { return server_->port(); }
  static ServerProcess* server_;
};
ServerProcess* ServerLimits::server_ = nullptr;

// The game the tests play: short games, no hidden information.
std::string any_game() {
  return "reversi";
}

TEST_F(ServerLimits, MalformedMessagesAreAnsweredNotFatal) {
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
  c.send_text("{not json");
  auto e = c.next();
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "bad_request");
  c.send_text("[1,2]");
  EXPECT_EQ((*c.next())["code"], "bad_request");
  auto r = c.request({{"type", "no_such_thing"}});
  EXPECT_EQ((*r)["code"], "unknown_type");
  r = c.request({{"type", "move"}, {"move", "e2e4"}});
  EXPECT_EQ((*r)["code"], "not_in_room");
  r = c.request({{"type", "join_room"}, {"room", "doesnotexist"}});
  EXPECT_EQ((*r)["code"], "no_such_room");
  r = c.request({{"type", "create_room"}, {"game", "go"}});
  EXPECT_EQ((*r)["code"], "unknown_game");
  r = c.request({{"type", "hello"}});
  EXPECT_EQ((*r)["type"], "welcome");
}

TEST_F(ServerLimits, OversizeMessageClosesOnlyThatConnection) {
  auto game = any_game();
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", game}, {"side", "first"}}));
  WsClient big;
  ASSERT_TRUE(big.connect(port()));
  big.send_text(std::string(40000, 'x'));
  EXPECT_FALSE(big.next(3000ms));
  EXPECT_FALSE(big.is_open());
  // The other room plays on.
  ASSERT_TRUE(play_one(m, m.a.legal[0], "a1"));
}

// Names are shown to others and written into records: line breaks, control, direction and
// zero-width characters are refused, not cleaned up in silence. Chat keeps the words and
// loses those characters.
TEST_F(ServerLimits, NamesWithHiddenOrControlCharactersAreRefused) {
  const std::string hostile[] = {"Al\nN-Mallory\n+7776FU\n%TORYO", std::string("a\0b", 3),
                                 "\x1b[31mred",
                                 "\xE2\x80\xAE"
                                 "evil",
                                 "zero\xE2\x80\x8Bwidth"};
  for (const auto& name : hostile) {
    SCOPED_TRACE(name);
    WsClient c;
    ASSERT_TRUE(c.connect(port()));
    auto r = c.request({{"type", "create_room"}, {"game", "reversi"}, {"name", name}});
    ASSERT_TRUE(r);
    EXPECT_EQ((*r)["code"], "bad_name") << r->dump();
  }
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "reversi"}, {"name", "羽生 Zoë"}}));
  WsClient late;
  ASSERT_TRUE(late.connect(port()));
  auto r = late.request({{"type", "join_room"}, {"room", m.room}, {"name", "Eve\r\nHost"}});
  EXPECT_EQ((*r)["code"], "bad_name") << r->dump();
  r = late.request({{"type", "join_room"}, {"room", m.room}, {"name", "Eve"}});
  EXPECT_EQ((*r)["role"], "spectator") << r->dump();

  r = m.a.ws.request({{"type", "chat"}, {"text", "one\ntwo\xE2\x80\xAE three\xE2\x80\x8B"}});
  EXPECT_EQ((*r)["type"], "ack") << r->dump();
  auto line = m.b.ws.wait_for([](const json& j) { return j["type"] == "chat"; });
  ASSERT_TRUE(line);
  EXPECT_EQ((*line)["text"], "one two three");
}

TEST_F(ServerLimits, ChatLengthRateAndChannels) {
  auto game = any_game();
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", game}}));
  WsClient spec;
  ASSERT_TRUE(spec.connect(port()));
  ASSERT_EQ((*spec.request({{"type", "join_room"}, {"room", m.room}, {"name", "Eve"}}))["role"],
            "spectator");
  auto r = m.a.ws.request({{"type", "chat"}, {"text", std::string(301, 'a')}});
  EXPECT_EQ((*r)["code"], "bad_request");
  r = m.a.ws.request({{"type", "chat"}, {"text", "   "}});
  EXPECT_EQ((*r)["code"], "bad_request");
  for (int i = 0; i < 5; ++i) {
    r = m.a.ws.request({{"type", "chat"}, {"text", "hi " + std::to_string(i)}});
    EXPECT_EQ((*r)["type"], "ack");
  }
  r = m.a.ws.request({{"type", "chat"}, {"text", "one too many"}});
  EXPECT_EQ((*r)["code"], "rate_limited");
  auto line = m.b.ws.wait_for([](const json& j) { return j["type"] == "chat"; });
  ASSERT_TRUE(line);
  EXPECT_EQ((*line)["channel"], "players");
  // The spectator writes into the spectators' channel only; players never see it and the
  // spectator never sees the players' lines.
  r = spec.request({{"type", "chat"}, {"text", "from the stands"}});
  EXPECT_EQ((*r)["type"], "ack");
  auto seen = spec.wait_for([](const json& j) { return j["type"] == "chat"; });
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["channel"], "spectators");
  EXPECT_EQ((*seen)["text"], "from the stands");
  auto ping = m.b.ws.request({{"type", "ping"}}, 5000ms, [](const json& j) {
    EXPECT_FALSE(j["type"] == "chat" && j["channel"] == "spectators");
  });
  EXPECT_TRUE(ping);
}

// The chat quota outlives the connection: a player who leaves and comes back with the
// seat's token, or a spectator who reconnects, is still within the same window.
TEST_F(ServerLimits, ChatQuotaSurvivesLeaveAndRejoin) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", any_game()}}));
  auto spam = [](WsClient& c, int lines) {
    for (int i = 0; i < lines; ++i) {
      auto r = c.request({{"type", "chat"}, {"text", "line " + std::to_string(i)}});
      if (!r || (*r)["type"] != "ack") return false;
    }
    return true;
  };
  ASSERT_TRUE(spam(m.a.ws, 5));
  m.a.ws.close();
  WsClient back;
  ASSERT_TRUE(back.connect(port()));
  auto j = back.request({{"type", "join_room"}, {"room", m.room}, {"token", m.a.token}});
  ASSERT_TRUE(j);
  ASSERT_EQ((*j)["role"], "player") << j->dump();
  auto r = back.request({{"type", "chat"}, {"text", "fresh start?"}});
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)["code"], "rate_limited") << r->dump();

  auto spec = std::make_unique<WsClient>();
  ASSERT_TRUE(spec->connect(port()));
  ASSERT_EQ((*spec->request({{"type", "join_room"}, {"room", m.room}}))["role"], "spectator");
  ASSERT_TRUE(spam(*spec, 5));
  spec = std::make_unique<WsClient>();
  ASSERT_TRUE(spec->connect(port()));
  ASSERT_EQ((*spec->request({{"type", "join_room"}, {"room", m.room}}))["role"], "spectator");
  r = spec->request({{"type", "chat"}, {"text", "fresh start?"}});
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)["code"], "rate_limited") << r->dump();
}

TEST_F(ServerLimits, MessageFloodIsRateLimited) {
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
  for (int i = 0; i < 200; ++i) c.send({{"type", "ping"}, {"id", i}});
  int limited = 0, answered = 0;
  for (int i = 0; i < 200; ++i) {
    auto m = c.next(3000ms);
    if (!m) break;
    ++answered;
    if ((*m)["type"] == "error" && (*m)["code"] == "rate_limited") ++limited;
  }
  // Refused messages are answered rate_limited, and past --refused-before-close refusals the
  // server hangs up; when it does so before its queued answers are out, the client sees the
  // connection end instead. Without a limit all 200 pings would be answered.
  EXPECT_TRUE(limited > 0 || answered < 200) << answered << " answered, " << limited << " refused";
}

TEST_F(ServerLimits, OriginAllowList) {
  WsClient bad;
  EXPECT_FALSE(bad.connect(port(), "https://evil.example"));
  WsClient good;
  EXPECT_TRUE(good.connect(port(), "https://ok.example"));
}

}  // namespace
}  // namespace banmen::testing

namespace banmen::testing {
namespace {

// SIGTERM with players in a room: the process exits 0 (and, under sanitizers, cleanly).
TEST(ServerLifecycle, StopsCleanlyWithRoomsOpen) {
  auto game = any_game();
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  Match m;
  ASSERT_TRUE(open_match(server.port(), m, {{"game", game}}));
  EXPECT_TRUE(server.stop()) << server.log();
}

// --max-spectators caps the watchers of one room with a clear error; the players still join
// and play, and a spectator who leaves frees a place.
TEST(ServerSpectatorCap, ExtraSpectatorIsRefused) {
  ServerProcess server({"--max-spectators", "1"});
  ASSERT_TRUE(server.ok()) << server.log();
  Match m;
  ASSERT_TRUE(open_match(server.port(), m, {{"game", any_game()}, {"side", "first"}}));
  auto first = std::make_unique<WsClient>();
  ASSERT_TRUE(first->connect(server.port()));
  auto j = first->request({{"type", "join_room"}, {"room", m.room}});
  ASSERT_TRUE(j);
  EXPECT_EQ((*j)["role"], "spectator") << j->dump();
  WsClient second;
  ASSERT_TRUE(second.connect(server.port()));
  j = second.request({{"type", "join_room"}, {"room", m.room}});
  ASSERT_TRUE(j);
  EXPECT_EQ((*j)["code"], "spectators_full") << j->dump();
  ASSERT_TRUE(play_one(m, m.a.legal[0], "a1"));
  first.reset();  // the first spectator goes away
  bool joined = false;
  for (int attempt = 0; attempt < 50 && !joined; ++attempt) {
    WsClient third;
    ASSERT_TRUE(third.connect(server.port()));
    j = third.request({{"type", "join_room"}, {"room", m.room}});
    ASSERT_TRUE(j);
    joined = j->value("role", "") == "spectator";
    if (!joined) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(joined);
}

// A game both players left is ended once --abandon-timeout-ms has passed for both (the sweep
// runs every 5 s): under two plies it is aborted, so the room is forgotten after
// --room-idle-ttl-ms and no longer counts against its creator's room quota.
TEST(ServerAbandonedGames, UnstartedGameIsAbortedAndFreesTheRoomQuota) {
  ServerProcess server({"--abandon-timeout-ms", "1000", "--room-idle-ttl-ms", "1000",
                        "--max-rooms-per-address", "1"});
  ASSERT_TRUE(server.ok()) << server.log();
  {
    Match m;
    ASSERT_TRUE(open_match(server.port(), m, {{"game", any_game()}}));
    WsClient other;
    ASSERT_TRUE(other.connect(server.port()));
    auto r = other.request({{"type", "create_room"}, {"game", any_game()}, {"name", "X"}});
    ASSERT_TRUE(r);
    ASSERT_EQ((*r)["code"], "too_many_rooms") << r->dump();
  }  // both players go away
  bool created = false;
  for (int attempt = 0; attempt < 40 && !created; ++attempt) {
    std::this_thread::sleep_for(500ms);
    WsClient again;
    ASSERT_TRUE(again.connect(server.port()));
    auto r = again.request({{"type", "create_room"}, {"game", any_game()}, {"name", "Y"}});
    ASSERT_TRUE(r);
    created = r->value("type", "") == "room_created";
  }
  EXPECT_TRUE(created) << "the abandoned room still counts against the quota";
}

// After two plies nobody is there to claim a win and nobody has earned one: the game is
// adjourned (nothing decided, clocks stopped) and goes on when both players are back.
TEST(ServerAbandonedGames, StartedGameIsAdjournedAndGoesOnWhenBothAreBack) {
  ServerProcess server({"--abandon-timeout-ms", "1000"});
  ASSERT_TRUE(server.ok()) << server.log();
  std::string room, token, token_b;
  {
    Match m;
    ASSERT_TRUE(open_match(server.port(), m, {{"game", any_game()}, {"side", "first"}}));
    ASSERT_TRUE(play_one(m, m.a.legal[0], "a1"));
    ASSERT_TRUE(play_one(m, m.b.legal[0], "b1"));
    room = m.room;
    token = m.a.token;
    token_b = m.b.token;
  }
  // Rejoining would bring the player back, so wait out the timeout and one sweep.
  std::this_thread::sleep_for(8500ms);
  WsClient back;
  ASSERT_TRUE(back.connect(server.port()));
  auto j = back.request({{"type", "join_room"}, {"room", room}, {"token", token}});
  ASSERT_TRUE(j);
  ASSERT_EQ((*j)["role"], "player") << j->dump();
  auto snap = back.wait_for([](const json& m) { return m.value("type", "") == "snapshot"; });
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["status"], "playing") << snap->dump();
  EXPECT_EQ((*snap)["adjourned"], true) << snap->dump();
  EXPECT_EQ((*snap)["result"], nullptr) << snap->dump();
  EXPECT_TRUE((*snap)["legal_moves"].empty()) << snap->dump();
  WsClient other;
  ASSERT_TRUE(other.connect(server.port()));
  auto jb = other.request({{"type", "join_room"}, {"room", room}, {"token", token_b}});
  ASSERT_TRUE(jb);
  ASSERT_EQ((*jb)["role"], "player") << jb->dump();
  auto resumed = back.wait_for([](const json& m) {
    return m.value("type", "") == "snapshot" && m.value("adjourned", true) == false;
  });
  ASSERT_TRUE(resumed) << "the game did not go on with both back";
  EXPECT_EQ((*resumed)["status"], "playing");
  EXPECT_FALSE((*resumed)["legal_moves"].empty()) << resumed->dump();
}

}  // namespace
}  // namespace banmen::testing
