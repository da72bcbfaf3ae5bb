// Integration, label "hostile": what an attacker would try against the real binary, each
// bounded in time. Deeply nested and absurd JSON, forged and replayed tokens, a spectator
// trying every player's request, requests out of order or sent twice, and connections that
// send their headers one byte at a time. After each, the game of a bystander room goes on.
// (The floods, slow readers and dog-cat leak scans of the same label are in
// server_flood_test.cpp and server_hidden_test.cpp.)
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "dogcat_leaks.h"
#include "match_driver.h"
#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

// The first legal move of whoever is to move.
std::string first_legal(const Match& m) {
  return !m.a.legal.empty() ? m.a.legal[0].get<std::string>() : m.b.legal[0].get<std::string>();
}

class HostileClient : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new ServerProcess({"--max-rooms-per-address", "1000"}); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override {
    ASSERT_TRUE(server_->ok()) << server_->log();
    ASSERT_TRUE(open_match(port(), bystander_, {{"game", "reversi"}, {"side", "first"}}));
  }
  // The bystanders' room still plays, and the server still answers.
  void TearDown() override {
    EXPECT_TRUE(play_one(bystander_, first_legal(bystander_), "bystander-end")) << server_->log();
    EXPECT_NE(raw_http_get(port(), "/healthz").find("200 OK"), std::string::npos);
  }
  unsigned short port() const { return server_->port(); }
  static ServerProcess* server_;
  Match bystander_;
};
ServerProcess* HostileClient::server_ = nullptr;

TEST_F(HostileClient, AbsurdJsonIsAnsweredAndForgotten) {
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
  // Nesting as deep as the size limit allows: refused without recursion trouble.
  c.send_text(std::string(8000, '[') + std::string(8000, ']'));
  auto e = c.next();
  ASSERT_TRUE(e) << "no answer to deep nesting";
  EXPECT_EQ((*e)["code"], "bad_request");
  c.send_text(R"({"type":{"type":{"type":"move"}}})");
  EXPECT_EQ((*c.next())["code"], "bad_request");
  // Numbers out of every range, where the server expects small integers.
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "reversi"}, {"side", "first"}}));
  for (const char* version : {"1e308", "-1", "18446744073709551616", "1.5", "\"7\"", "null"}) {
    m.a.ws.send_text(std::string(R"({"type":"move","id":9,"move":")") + first_legal(m) +
                     R"(","move_id":"x","version":)" + version + "}");
    auto r =
        m.a.ws.wait_for([](const json& j) { return j.contains("re") || j["type"] == "error"; });
    ASSERT_TRUE(r) << version;
    EXPECT_EQ((*r)["type"], "error") << version << ": " << r->dump();
  }
  m.a.ws.send_text(R"({"type":"hello","id":1e999,"protocol":1e999})");
  EXPECT_EQ((*m.a.ws.next())["type"], "error");
  m.a.ws.send_text(R"({"type":"chat","id":1,"text":"\ud800"})");  // a lone surrogate
  auto r = m.a.ws.next();
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)["type"], "error") << r->dump();
  // The game itself is untouched: the first move is still to be played.
  EXPECT_TRUE(play_one(m, m.a.legal[0], "m1"));
}

TEST_F(HostileClient, ForgedTokensSeatNobody) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "reversi"}, {"side", "first"}}));
  const std::string forged[] = {"",
                                "x",
                                std::string(5000, 'A'),
                                "../../etc/passwd",
                                bystander_.a.token,  // a real token, of another room
                                m.a.token.substr(0, m.a.token.size() - 1)};
  for (const auto& token : forged) {
    WsClient c;
    ASSERT_TRUE(c.connect(port()));
    auto j = c.request({{"type", "join_room"}, {"room", m.room}, {"token", token}});
    ASSERT_TRUE(j) << token;
    EXPECT_NE(j->value("role", ""), "player") << "seated by the token '" << token << "'";
    // Whatever it became, it cannot move.
    auto mv = c.request({{"type", "move"},
                         {"move", m.a.legal[0]},
                         {"version", m.a.version},
                         {"move_id", "forged"}});
    ASSERT_TRUE(mv);
    EXPECT_EQ((*mv)["type"], "error") << mv->dump();
  }
  EXPECT_TRUE(play_one(m, m.a.legal[0], "m1"));
}

TEST_F(HostileClient, ASpectatorCanDoNothingAPlayerDoes) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "reversi"}, {"side", "first"}}));
  WsClient spy;
  ASSERT_TRUE(spy.connect(port()));
  auto joined = spy.request({{"type", "join_room"}, {"room", m.room}, {"name", "Spy"}});
  ASSERT_TRUE(joined);
  ASSERT_EQ((*joined)["role"], "spectator");
  const std::vector<json> attempts = {
      {{"type", "move"}, {"move", m.a.legal[0]}, {"version", m.a.version}, {"move_id", "s"}},
      {{"type", "resign"}},
      {{"type", "draw_offer"}},
      {{"type", "draw_accept"}},
      {{"type", "takeback_request"}},
      {{"type", "takeback_accept"}},
      {{"type", "abort"}},
      {{"type", "claim"}},
      {{"type", "declare"}},
      {{"type", "rematch_offer"}},
      {{"type", "switch_game"}, {"game", "chess"}},
      {{"type", "chat"}, {"text", "psst"}, {"channel", "players"}, {"player", 0}},
  };
  for (const auto& a : attempts) {
    auto r = spy.request(a);
    ASSERT_TRUE(r) << a.dump();
    if (a["type"] == "chat") {
      // Allowed, but only ever into the spectators' channel: the players hear nothing.
      auto ping = m.a.ws.request({{"type", "ping"}}, 2000ms, [](const json& j) {
        EXPECT_FALSE(j["type"] == "chat") << "a spectator's line reached a player";
      });
      EXPECT_TRUE(ping);
      continue;
    }
    EXPECT_EQ((*r)["type"], "error") << a.dump() << " -> " << r->dump();
  }
  EXPECT_TRUE(play_one(m, m.a.legal[0], "m1"));  // nothing above changed the game
}

TEST_F(HostileClient, RequestsSentTwiceOrOutOfOrderChangeNothing) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "reversi"}, {"side", "first"}}));
  // The second player moves first, out of turn.
  auto r = m.b.ws.request(
      {{"type", "move"}, {"move", m.a.legal[0]}, {"version", m.b.version}, {"move_id", "early"}});
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)["code"], "not_your_turn");
  const auto version = m.a.version;
  const json first = m.a.legal[0];
  ASSERT_TRUE(play_one(m, first, "once"));
  // The same move again with the same move_id: answered as a duplicate, not played twice.
  r = m.a.ws.request(
      {{"type", "move"}, {"move", first}, {"version", version}, {"move_id", "once"}});
  ASSERT_TRUE(r);
  EXPECT_NE((*r)["type"], "error") << r->dump();
  // The same move with a new id and the old version: stale.
  r = m.a.ws.request(
      {{"type", "move"}, {"move", first}, {"version", version}, {"move_id", "again"}});
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)["type"], "error") << r->dump();
  // An answer to an offer nobody made; a rematch while the game is on.
  r = m.b.ws.request({{"type", "draw_accept"}});
  EXPECT_EQ((*r)["code"], "no_offer");
  r = m.b.ws.request({{"type", "rematch_accept"}});
  EXPECT_EQ((*r)["type"], "error");
  ASSERT_TRUE(play_one(m, m.b.legal[0], "reply"));
}

// A crowd arriving on a shared link: each member hears the spectator count a few times,
// not once per arrival (which cost O(N^2) messages).
TEST_F(HostileClient, ACrowdOfSpectatorsCostsEachMemberAFewMessages) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "reversi"}, {"side", "first"}}));
  constexpr int kCrowd = 40;
  std::vector<std::unique_ptr<WsClient>> crowd;
  for (int i = 0; i < kCrowd; ++i) {
    crowd.push_back(std::make_unique<WsClient>());
    ASSERT_TRUE(crowd.back()->connect(port()));
    crowd.back()->send({{"type", "join_room"}, {"room", m.room}, {"id", 1}});
  }
  int counts = 0;
  json last;
  // Everything the host hears for 1.5 s (this client's reads end with the time limit).
  m.a.ws.wait_for(
      [&](const json& msg) {
        if (msg["type"] == "presence" && msg["player"].is_null()) {
          ++counts;
          last = msg;
        }
        return false;
      },
      1500ms);
  EXPECT_GE(counts, 1);
  EXPECT_LE(counts, 4) << "one presence per arrival";
  EXPECT_EQ(last["spectators"], kCrowd) << last.dump();
}

// Paths that try to leave the static folder, plain and encoded: never a file outside it.
TEST_F(HostileClient, PathsOutOfTheStaticFolderFindNothing) {
  for (const char* target :
       {"/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/assets/..%2f..%2f..%2fetc/passwd",
        "/..\\..\\etc\\passwd", "//etc/passwd", "/assets/%00index.html"}) {
    const std::string answer = raw_http_get(port(), target);
    ASSERT_FALSE(answer.empty()) << target;
    const int status = std::stoi(answer.substr(9, 3));
    EXPECT_TRUE(status == 400 || status == 404) << target << ": " << answer.substr(0, 200);
    EXPECT_EQ(answer.find("root:"), std::string::npos) << target;
  }
}

// In a dog-cat game in progress, a reconnecting opponent's replay and the records a
// spectator or the opponent download name none of the other side's hidden types.
TEST_F(HostileClient, DogCatReplaysAndExportsInProgressKeepHiddenTypesHidden) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "dogcat"}, {"side", "first"}}));
  // Both sides drop hidden pieces and move a little (the game goes on).
  std::mt19937 rng(5);
  ASSERT_TRUE(play_random(m, rng, 8));
  ASSERT_TRUE(m.a.game_over.is_null()) << "the game must still be on";
  ASSERT_EQ(m.a.seat, 0);
  // The guest (seat 1) comes back from the start of the game's event log.
  WsClient again;
  ASSERT_TRUE(again.connect(port()));
  again.send(
      {{"type", "join_room"}, {"id", 7}, {"room", m.room}, {"token", m.b.token}, {"since", 1}});
  std::vector<json> replay;
  again.wait_for(
      [&](const json& msg) {
        replay.push_back(msg);
        return false;
      },
      800ms);
  ASSERT_FALSE(replay.empty());
  for (const auto& msg : replay) {
    json rest = msg;
    for (const char* key : {"move", "display", "legal_moves"}) rest.erase(key);
    if (rest.contains("moves"))
      for (auto& mv : rest["moves"]) mv.erase("move"), mv.erase("display");
    EXPECT_FALSE(names_hidden_type(rest.dump(), 0)) << msg.dump();
    if (msg["type"] == "move" && msg["seat"] == 0) {
      EXPECT_FALSE(names_dropped_type(msg.value("move", ""))) << msg.dump();
    }
  }
  // The records as a spectator (no token) and as the guest see them.
  const std::string base = "/api/rooms/" + m.room + "/games/1/record?format=record";
  for (const std::string& target : {base, base + "&token=" + m.b.token}) {
    const std::string answer = raw_http_get(port(), target);
    ASSERT_NE(answer.find(" 200 "), std::string::npos) << answer.substr(0, 300);
    const std::string body = answer.substr(answer.find("\r\n\r\n") + 4);
    const bool spectator = target == base;
    // Move lines "<ply> <move> <ms>" (seat 0 plays the odd plies; moves write both sides
    // in capitals): no typed drop of the other side. Every other line (the position, the
    // headers): no hidden type of the other side.
    std::istringstream lines(body);
    int move_lines = 0;
    bool own_named = false;  // the positive control: the guest's view names its own
    for (std::string line; std::getline(lines, line);) {
      int ply = 0;
      char move[32] = {};
      if (std::sscanf(line.c_str(), "%d %31s", &ply, move) == 2) {
        ++move_lines;
        if (ply % 2 == 1 || spectator) {
          EXPECT_FALSE(names_dropped_type(move)) << target << ": " << line;
        }
        continue;
      }
      EXPECT_FALSE(names_hidden_type(line, 0)) << target << ": " << line;
      own_named = own_named || names_hidden_type(line, 1);
      if (spectator) {
        EXPECT_FALSE(names_hidden_type(line, 1)) << target << ": " << line;
      }
    }
    EXPECT_EQ(move_lines, 8) << body;
    EXPECT_EQ(own_named, !spectator) << body;
  }
}

// Slowloris: connections that dribble their request headers hold no thread and no room;
// everyone else is served meanwhile.
TEST_F(HostileClient, HeadersSentOneByteAtATimeHoldUpNobody) {
  std::vector<int> slow;
  for (int i = 0; i < 40; ++i) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port());
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    slow.push_back(fd);
  }
  const std::string request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
  for (std::size_t at = 0; at < request.size() && at < 20; ++at) {
    for (int fd : slow) (void)send(fd, &request[at], 1, MSG_NOSIGNAL);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (at % 5 == 0) {
      EXPECT_NE(raw_http_get(port(), "/healthz").find("200 OK"), std::string::npos) << at;
      ASSERT_TRUE(play_one(bystander_, first_legal(bystander_), "slow-" + std::to_string(at)))
          << server_->log();
    }
  }
  for (int fd : slow) close(fd);
}

}  // namespace
}  // namespace banmen::testing
