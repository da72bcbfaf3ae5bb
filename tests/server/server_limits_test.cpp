// Integration: hostile or careless clients. Oversize and malformed messages, chat limits,
// message rate limits, Origin checks; none of them may harm another room.
#include <gtest/gtest.h>

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
  big.send_text(std::string(20000, 'x'));
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

TEST_F(ServerLimits, MessageFloodIsRateLimited) {
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
  for (int i = 0; i < 200; ++i) c.send({{"type", "ping"}, {"id", i}});
  int limited = 0;
  for (int i = 0; i < 200; ++i) {
    auto m = c.next(3000ms);
    if (!m) break;
    if ((*m)["type"] == "error" && (*m)["code"] == "rate_limited") ++limited;
  }
  EXPECT_GT(limited, 0);
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

}  // namespace
}  // namespace banmen::testing
