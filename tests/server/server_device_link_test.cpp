// Integration: moving a seat to another device through the real binary. The code works
// once: the new connection gets the seat and a new token, the old connection is replaced
// and the old token no longer opens the seat; spent, replaced, forged and oversized codes
// are refused, and spectators have no seat to move.
#include <gtest/gtest.h>

#include <string>

#include "match_driver.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

json join_with(unsigned short port, WsClient& c, const std::string& room, json extra) {
  if (!c.connect(port)) return json{{"type", "no connection"}};
  extra["type"] = "join_room";
  extra["room"] = room;
  auto r = c.request(extra, 5000ms);
  return r ? *r : json{{"type", "no answer"}};
}

std::string ask_code(Side& s) {
  auto r = s.ws.request({{"type", "device_link"}}, 5000ms, s.absorber());
  if (!r || (*r)["type"] != "device_link") return "";
  EXPECT_EQ((*r)["expires_in_ms"], 600000);
  return (*r)["code"].get<std::string>();
}

TEST(ServerDeviceLink, TheCodeMovesTheSeatOnceAndRetiresTheOldToken) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  Match m;
  ASSERT_TRUE(open_match(server.port(), m, {{"game", "chess"}, {"side", "first"}}));
  const std::string code = ask_code(m.b);
  ASSERT_EQ(code.size(), 43u);

  WsClient phone;
  auto joined = join_with(server.port(), phone, m.room, {{"device_code", code}});
  ASSERT_EQ(joined["type"], "joined") << joined.dump();
  EXPECT_EQ(joined["player"], 1);
  ASSERT_TRUE(joined["token"].is_string());
  const std::string new_token = joined["token"];
  EXPECT_NE(new_token, m.b.token);
  // The old connection is closed with 4004 (the seat moved to another device: not 4001,
  // which tells a tab its token still holds the seat) and its token no longer opens it.
  for (int i = 0; i < 100 && m.b.ws.is_open(); ++i) m.b.ws.next(50ms);
  EXPECT_FALSE(m.b.ws.is_open());
  // The close frame may be lost to the hang-up that follows it (then the code reads 0).
  EXPECT_TRUE(m.b.ws.close_code() == 0 || m.b.ws.close_code() == 4004) << m.b.ws.close_code();
  WsClient old_device;
  EXPECT_EQ(join_with(server.port(), old_device, m.room, {{"token", m.b.token}})["code"],
            "bad_token");
  // The phone plays for the seat; the code is spent.
  WsClient again;
  EXPECT_EQ(join_with(server.port(), again, m.room, {{"device_code", code}})["code"],
            "bad_device_link");
  auto snap = phone.wait_for([](const json& j) { return j["type"] == "snapshot"; });
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["you"]["seat"], 1);
  // The new token brings the seat back after a drop.
  phone.close();
  WsClient back;
  auto rejoined = join_with(server.port(), back, m.room, {{"token", new_token}});
  EXPECT_EQ(rejoined["type"], "joined") << rejoined.dump();
  EXPECT_EQ(rejoined["player"], 1);
}

TEST(ServerDeviceLink, ReplacedForgedAndSpectatorCodesAreRefused) {
  ServerProcess server;
  ASSERT_TRUE(server.ok()) << server.log();
  Match m;
  ASSERT_TRUE(open_match(server.port(), m, {{"game", "shogi"}}));
  const std::string first = ask_code(m.a);
  const std::string second = ask_code(m.a);  // replaces the first
  ASSERT_FALSE(first.empty());
  ASSERT_NE(first, second);
  for (const json& bad : {json(first), json(""), json(std::string(5000, 'x')),
                          json("not-a-code-at-all-but-43-characters-long-xx")}) {
    WsClient c;
    auto answer = join_with(server.port(), c, m.room, {{"device_code", bad}});
    EXPECT_EQ(answer["code"], "bad_device_link") << answer.dump();
  }
  WsClient wrong_type;
  EXPECT_EQ(join_with(server.port(), wrong_type, m.room, {{"device_code", 42}})["type"], "joined")
      << "a device_code that is not text is ignored: a plain join (a spectator here)";
  // A spectator has no seat to move.
  WsClient watcher;
  ASSERT_EQ(join_with(server.port(), watcher, m.room, {})["role"], "spectator");
  auto refused = watcher.request({{"type", "device_link"}}, 5000ms);
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "not_a_player");
  // The host's second code still works, once.
  WsClient tablet;
  auto joined = join_with(server.port(), tablet, m.room, {{"device_code", second}});
  EXPECT_EQ(joined["type"], "joined") << joined.dump();
  EXPECT_EQ(joined["player"], 0);
}

}  // namespace
}  // namespace banmen::testing
