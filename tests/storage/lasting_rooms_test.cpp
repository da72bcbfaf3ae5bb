// Rooms that last for their series, with the real server: a room left empty longer than
// the idle time leaves memory and opens again from its link with its series, score, chat
// and the players' tokens; the same after a graceful restart and after kill -9; a room
// whose last game is over comes back over and a rematch continues the series; retention
// closes an old room while its records stay downloadable; racing joins end in one room;
// a spectator may be the one who opens it; and joins of ids that do not exist cost one
// read each and are answered no_such_room (ids of the wrong shape never reach the store).
#include <gtest/gtest.h>

#include <random>
#include <thread>

#include "server_process.h"
#include "temp_dir.h"
#include "ws_client.h"

namespace banmen::test {
namespace {

struct Person {
  std::unique_ptr<WsClient> ws;
  std::string token;
};

bool type_is(const json& m, const char* type) {
  return m.value("type", "") == type;
}

class LastingRooms : public ::testing::Test {
 protected:
  // The server with a one-second idle time (a room leaves memory a second after everyone
  // left) and `extra` flags.
  void start(std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"--port",
                                  "0",
                                  "--data-dir",
                                  dir_.file("data"),
                                  "--log-level",
                                  "info",
                                  "--room-idle-ttl-ms",
                                  "1000",
                                  "--idle-no-room-ms",
                                  "60000"};
    args.insert(args.end(), extra.begin(), extra.end());
    server_ = std::make_unique<ServerProcess>(BANMEN_SERVER_BINARY, args, dir_.file("server.log"));
    ASSERT_TRUE(server_->start()) << server_->log();
  }

  std::optional<json> read(Person& p, const char* type, int timeout_ms = 5000) {
    return p.ws->receive_until(
        [&](const json& m) { return type_is(m, type) || type_is(m, "error"); }, timeout_ms);
  }

  // A chess room: the host resigns game 1 (the guest wins it), the host says "gg" in the
  // players' chat, and both leave.
  void play_one_game() {
    host_.ws = WsClient::connect(server_->port());
    guest_.ws = WsClient::connect(server_->port());
    ASSERT_TRUE(host_.ws && guest_.ws);
    host_.ws->send({{"type", "create_room"},
                    {"id", 1},
                    {"name", "Host"},
                    {"game", "chess"},
                    {"side", "first"}});
    auto created = read(host_, "room_created");
    ASSERT_TRUE(created && type_is(*created, "room_created"));
    room_ = (*created)["room"];
    host_.token = (*created)["token"];
    guest_.ws->send({{"type", "join_room"}, {"id", 1}, {"room", room_}, {"name", "Guest"}});
    auto joined = read(guest_, "joined");
    ASSERT_TRUE(joined && type_is(*joined, "joined"));
    guest_.token = (*joined)["token"];
    for (Person* p : {&host_, &guest_}) {
      auto snap = p->ws->receive_until(
          [](const json& m) { return type_is(m, "snapshot") && m["status"] == "playing"; });
      ASSERT_TRUE(snap);
    }
    host_.ws->send({{"type", "chat"}, {"id", 2}, {"text", "gg"}});
    ASSERT_TRUE(guest_.ws->receive_until([](const json& m) { return type_is(m, "chat"); }));
    host_.ws->send({{"type", "resign"}, {"id", 3}});
    for (Person* p : {&host_, &guest_}) ASSERT_TRUE(read(*p, "game_over"));
    host_.ws.reset();
    guest_.ws.reset();
  }

  void wait_until_forgotten() {
    ASSERT_TRUE(server_->wait_for("room " + room_ + " left memory", 10000)) << server_->log();
  }

  // `p` comes back with their token: recognised as `player`; returns the snapshot.
  json come_back(Person& p, int player) {
    p.ws = WsClient::connect(server_->port());
    EXPECT_TRUE(p.ws);
    if (!p.ws) return {};
    p.ws->send({{"type", "join_room"}, {"id", 7}, {"room", room_}, {"token", p.token}});
    auto joined = read(p, "joined");
    EXPECT_TRUE(joined && type_is(*joined, "joined")) << (joined ? joined->dump() : "none");
    if (!joined || !type_is(*joined, "joined")) return {};
    EXPECT_EQ((*joined)["role"], "player");
    EXPECT_EQ((*joined)["player"], player);
    auto snap = read(p, "snapshot");
    EXPECT_TRUE(snap && type_is(*snap, "snapshot"));
    return snap ? *snap : json();
  }

  // The series as it was: game 1 over (the guest won), score 0-1, the chat line.
  static void expect_series_intact(const json& snap) {
    EXPECT_EQ(snap["status"], "over") << snap.dump();
    EXPECT_EQ(snap["game_no"], 1);
    ASSERT_TRUE(snap["result"].is_object()) << snap.dump();
    EXPECT_EQ(snap["result"]["winner"], 1) << snap["result"].dump();  // the guest's seat
    EXPECT_EQ(snap["result"]["reason"], "resignation");
    EXPECT_EQ(snap["score"], json::array({0, 1}));
    ASSERT_FALSE(snap["chat"].empty());
    EXPECT_EQ(snap["chat"].back()["text"], "gg");
    EXPECT_EQ(snap["players"][0]["name"], "Host");
    EXPECT_EQ(snap["players"][1]["name"], "Guest");
  }

  // Both players back; a rematch starts game 2 of the same series.
  void rematch_continues_the_series() {
    host_.ws->send({{"type", "rematch_offer"}, {"id", 20}});
    ASSERT_TRUE(guest_.ws->receive_until([](const json& m) { return type_is(m, "offer"); }));
    guest_.ws->send({{"type", "rematch_accept"}, {"id", 21}});
    auto snap = guest_.ws->receive_until(
        [](const json& m) { return type_is(m, "snapshot") && m["status"] == "playing"; });
    ASSERT_TRUE(snap) << server_->log();
    EXPECT_EQ((*snap)["game_no"], 2);
    EXPECT_EQ((*snap)["score"], json::array({0, 1}));
  }

  std::int64_t metric(const std::string& name) {
    auto reply = http_get(server_->port(), "/metrics");
    EXPECT_EQ(reply.status, 200);
    const auto at = reply.body.find("\n" + name + " ");
    if (at == std::string::npos) return -1;
    return std::stoll(reply.body.substr(at + name.size() + 2));
  }

  TempDir dir_;
  std::unique_ptr<ServerProcess> server_;
  Person host_, guest_;
  std::string room_;
};

TEST_F(LastingRooms, AForgottenRoomOpensFromItsLinkWithItsSeriesAndTokens) {
  start();
  play_one_game();
  wait_until_forgotten();
  EXPECT_EQ(metric("banmen_rooms_open"), 0);
  expect_series_intact(come_back(guest_, 1));
  EXPECT_EQ(metric("banmen_rooms_loaded_total"), 1);
  expect_series_intact(come_back(host_, 0));
  EXPECT_EQ(metric("banmen_rooms_loaded_total"), 1);  // the second was in memory already
  rematch_continues_the_series();
}

TEST_F(LastingRooms, ARoomComesBackAfterAGracefulRestart) {
  start();
  play_one_game();
  ASSERT_EQ(server_->stop(), 0);
  ASSERT_TRUE(server_->start()) << server_->log();
  EXPECT_EQ(metric("banmen_rooms_open"), 0);  // a finished room waits in the store
  expect_series_intact(come_back(host_, 0));
  expect_series_intact(come_back(guest_, 1));
  rematch_continues_the_series();
}

TEST_F(LastingRooms, ARoomComesBackAfterKill9) {
  start();
  play_one_game();
  wait_until_forgotten();
  server_->kill_hard();
  ASSERT_TRUE(server_->start()) << server_->log();
  expect_series_intact(come_back(guest_, 1));
  expect_series_intact(come_back(host_, 0));
  rematch_continues_the_series();
  // Game 2 is under way: after another kill -9 it is back at start-up, as every unfinished
  // game is, and nobody has to open the link for its clocks to be there.
  server_->kill_hard();
  ASSERT_TRUE(server_->start()) << server_->log();
  // Replayed behind the server's back once it is ready (nobody opened the link).
  ASSERT_TRUE(server_->wait_for("restored 1 of 1 rooms", 10000)) << server_->log();
  EXPECT_EQ(metric("banmen_rooms_open"), 1);
  auto snap = come_back(host_, 0);
  EXPECT_EQ(snap["game_no"], 2);
  EXPECT_EQ(snap["status"], "playing");
  EXPECT_EQ(metric("banmen_rooms_loaded_total"), 0);
}

TEST_F(LastingRooms, RetentionClosesAnOldRoomButItsRecordsStayDownloadable) {
  start({"--room-retention-ms", "1500", "--room-retention-check-ms", "200"});
  play_one_game();
  ASSERT_TRUE(server_->wait_for("room " + room_ + " closed (retention)", 15000)) << server_->log();
  wait_until_forgotten();  // a room someone is in stays in memory meanwhile
  EXPECT_EQ(metric("banmen_rooms_retention_closed_total"), 1);
  host_.ws = WsClient::connect(server_->port());
  ASSERT_TRUE(host_.ws);
  host_.ws->send({{"type", "join_room"}, {"id", 7}, {"room", room_}, {"token", host_.token}});
  auto refused = read(host_, "joined");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["type"], "error");
  EXPECT_EQ((*refused)["code"], "no_such_room");
  auto games = http_get(server_->port(), "/api/rooms/" + room_ + "/games");
  EXPECT_EQ(games.status, 200) << games.body;
  auto record = http_get(server_->port(), "/api/rooms/" + room_ + "/games/1/record?format=pgn");
  EXPECT_EQ(record.status, 200);
  EXPECT_NE(record.body.find("0-1"), std::string::npos) << record.body;
}

TEST_F(LastingRooms, TwoJoinsRacingForAnUnloadedRoomEndInOneRoom) {
  start();
  play_one_game();
  wait_until_forgotten();
  for (Person* p : {&host_, &guest_}) {
    p->ws = WsClient::connect(server_->port());
    ASSERT_TRUE(p->ws);
  }
  host_.ws->send({{"type", "join_room"}, {"id", 7}, {"room", room_}, {"token", host_.token}});
  guest_.ws->send({{"type", "join_room"}, {"id", 7}, {"room", room_}, {"token", guest_.token}});
  for (Person* p : {&host_, &guest_}) {
    auto joined = read(*p, "joined");
    ASSERT_TRUE(joined && type_is(*joined, "joined")) << (joined ? joined->dump() : "none");
  }
  EXPECT_EQ(metric("banmen_rooms_loaded_total"), 1);
  EXPECT_EQ(metric("banmen_rooms_open"), 1);
  // One room: what one says, the other hears.
  host_.ws->send({{"type", "chat"}, {"id", 8}, {"text", "same room?"}});
  auto heard = guest_.ws->receive_until(
      [](const json& m) { return type_is(m, "chat") && m.value("text", "") == "same room?"; });
  EXPECT_TRUE(heard);
  rematch_continues_the_series();
}

TEST_F(LastingRooms, ASpectatorMayOpenAnUnloadedRoom) {
  start();
  play_one_game();
  wait_until_forgotten();
  Person watcher;
  watcher.ws = WsClient::connect(server_->port());
  ASSERT_TRUE(watcher.ws);
  watcher.ws->send({{"type", "join_room"}, {"id", 7}, {"room", room_}, {"name", "Watcher"}});
  auto joined = read(watcher, "joined");
  ASSERT_TRUE(joined && type_is(*joined, "joined")) << (joined ? joined->dump() : "none");
  EXPECT_EQ((*joined)["role"], "spectator");
  auto snap = read(watcher, "snapshot");
  ASSERT_TRUE(snap && type_is(*snap, "snapshot"));
  EXPECT_EQ((*snap)["status"], "over");
  EXPECT_EQ((*snap)["score"], json::array({0, 1}));
  EXPECT_TRUE((*snap)["chat"].empty());  // the players' channel is not the spectators'
  // The players are still recognised by their tokens.
  expect_series_intact(come_back(host_, 0));
}

TEST_F(LastingRooms, JoinsOfMadeUpRoomIdsAreRefusedCheaply) {
  start();
  Person attacker;
  attacker.ws = WsClient::connect(server_->port());
  ASSERT_TRUE(attacker.ws);
  std::mt19937 rng(21);
  const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  constexpr int kJoins = 30;  // within the connection's burst: every one is answered
  for (int i = 0; i < kJoins; ++i) {
    std::string id;
    for (int c = 0; c < 22; ++c) id += alphabet[rng() % alphabet.size()];
    attacker.ws->send({{"type", "join_room"}, {"id", i}, {"room", id}});
  }
  int refused = 0;
  for (int i = 0; i < kJoins; ++i) {
    auto m = attacker.ws->receive_until([](const json& x) { return type_is(x, "error"); });
    ASSERT_TRUE(m);
    EXPECT_TRUE((*m)["code"] == "no_such_room" || (*m)["code"] == "rate_limited") << m->dump();
    refused++;
  }
  EXPECT_EQ(refused, kJoins);
  EXPECT_EQ(metric("banmen_rooms_loaded_total"), 0);
  EXPECT_EQ(metric("banmen_rooms_open"), 0);
  // Ids of the wrong shape never reach the store: refused as malformed.
  for (const std::string& bad :
       std::vector<std::string>{"../../etc/passwd", "room id", std::string(65, 'a'), ""}) {
    attacker.ws->send({{"type", "join_room"}, {"id", 99}, {"room", bad}});
    auto m = attacker.ws->receive_until([](const json& x) { return type_is(x, "error"); });
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["code"], "bad_request") << bad;
  }
  // The server still answers.
  attacker.ws->send({{"type", "ping"}, {"id", 100}});
  EXPECT_TRUE(attacker.ws->receive_until([](const json& m) { return type_is(m, "pong"); }));
}

}  // namespace
}  // namespace banmen::test

namespace banmen::test {
namespace {

// A finished game's analysis is stored before it is announced and comes back with the
// room after a restart, in the snapshot (docs/protocol.md, analysis_request).
TEST_F(LastingRooms, AGamesAnalysisSurvivesARestart) {
  start({"--analysis-nodes", "2000"});
  play_one_game();
  come_back(host_, 0);
  host_.ws->send({{"type", "analysis_request"}, {"id", 30}, {"game_no", 1}});
  auto answer = host_.ws->receive_until([](const json& m) { return m.value("re", json()) == 30; });
  ASSERT_TRUE(answer && type_is(*answer, "ack")) << (answer ? answer->dump() : "none");
  auto done = host_.ws->receive_until([](const json& m) {
    return type_is(m, "analysis") && (m["state"] == "done" || m["state"] == "failed");
  });
  ASSERT_TRUE(done) << server_->log();
  ASSERT_EQ((*done)["state"], "done") << done->dump();
  EXPECT_EQ((*done)["analysis"]["family"], "chess");
  ASSERT_EQ(server_->stop(), 0);
  ASSERT_TRUE(server_->start()) << server_->log();
  const json snap = come_back(host_, 0);
  ASSERT_TRUE(snap["analysis"].is_object()) << snap.dump();
  EXPECT_EQ(snap["analysis"]["state"], "done");
  EXPECT_EQ(snap["analysis"]["game_no"], 1);
  EXPECT_EQ(snap["analysis"]["analysis"], (*done)["analysis"]);
}

}  // namespace
}  // namespace banmen::test
