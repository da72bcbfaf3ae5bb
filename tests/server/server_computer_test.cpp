// Integration: the computer opponent in rooms, through the real binary. A person plays
// random legal moves against level 1 in every game the engine plays until the game ends;
// the computer only ever moves for its own seat, nobody else can make it move, fairy
// variants are refused, the seat shows as the computer, a rematch keeps it, /metrics
// counts its searches, and a flood of computer rooms leaves a human room's moves flowing
// (the figure is printed for docs/engine.md; nothing here asserts a time).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <random>
#include <thread>

#include "match_driver.h"
#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

class ServerComputer : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new ServerProcess({"--max-rooms-per-address", "5000", "--messages-per-second", "5000",
                                 "--message-burst", "10000", "--engine-threads", "1",
                                 "--engine-queue", "4"});
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override { ASSERT_TRUE(server_->ok()) << server_->log(); }
  unsigned short port() const { return server_->port(); }
  static ServerProcess* server_;
};
ServerProcess* ServerComputer::server_ = nullptr;

const char* kEngineGames[] = {"shogi", "minishogi", "dogcat", "hasami", "chess", "reversi"};

// Creates a room against the computer; the host's side is absorbed up to its first
// playing snapshot.
::testing::AssertionResult open_computer_room(unsigned short port, Side& host, std::string& room,
                                              json create) {
  if (!host.ws.connect(port)) return ::testing::AssertionFailure() << "connect";
  create["type"] = "create_room";
  create["name"] = "Host";
  auto created = host.ws.request(create, 5000ms, host.absorber());
  if (!created || created->value("type", "") != "room_created")
    return ::testing::AssertionFailure()
           << "create_room: " << (created ? created->dump() : "timeout");
  room = (*created)["room"];
  host.player = 0;
  auto snap = host.ws.wait_for(
      [](const json& j) { return j["type"] == "snapshot" && j["status"] == "playing"; }, 10000ms,
      host.absorber());
  if (!snap) return ::testing::AssertionFailure() << "no playing snapshot";
  host.absorb(*snap);
  return ::testing::AssertionSuccess();
}

// The host plays random legal moves; the computer answers. Every move event is checked:
// the seats alternate, and the computer's seat moves only after the host moved.
::testing::AssertionResult play_against_computer(Side& host, std::mt19937& rng, int max_plies,
                                                 int& plies) {
  int last_seat = -1;
  plies = 0;
  for (int round = 0; round < max_plies * 2 && host.game_over.is_null(); ++round) {
    if (!host.legal.empty()) {
      std::uniform_int_distribution<std::size_t> pick(0, host.legal.size() - 1);
      std::string move = host.legal[pick(rng)];
      host.ws.send({{"type", "move"},
                    {"move", move},
                    {"version", host.version},
                    {"move_id", std::to_string(round).insert(0, 1, 'h')}});
      host.legal = json::array();
    }
    auto ev = host.ws.wait_for(
        [](const json& j) { return j["type"] == "move" || j["type"] == "game_over"; }, 30000ms);
    if (!ev) return ::testing::AssertionFailure() << "no move within 30 s at ply " << plies;
    host.absorb(*ev);
    if ((*ev)["type"] == "game_over") break;
    const int seat = (*ev)["seat"];
    if (seat == last_seat)
      return ::testing::AssertionFailure() << "seat " << seat << " moved twice: " << ev->dump();
    last_seat = seat;
    ++plies;
    if (plies >= max_plies && host.game_over.is_null()) {
      auto r = host.ws.request({{"type", "resign"}}, 5000ms, host.absorber());
      if (!r) return ::testing::AssertionFailure() << "resign unanswered";
    }
  }
  if (host.game_over.is_null()) {
    auto over = host.ws.wait_for([](const json& j) { return j["type"] == "game_over"; }, 10000ms,
                                 host.absorber());
    if (!over) return ::testing::AssertionFailure() << "no game_over";
  }
  return ::testing::AssertionSuccess();
}

// The move events `side` receives within `wait` (a timed-out read would close the
// connection, so the wait is a pause and then a ping whose answer ends the count).
int moves_within(Side& side, std::chrono::milliseconds wait) {
  std::this_thread::sleep_for(wait);
  int moves = 0;
  auto pong = side.ws.request({{"type", "ping"}}, 5000ms, [&](const json& j) {
    side.absorb(j);
    if (j["type"] == "move") ++moves;
  });
  return pong ? moves : -1;
}

TEST_F(ServerComputer, WholeGamesAgainstLevelOneEndInGameOver) {
  std::mt19937 rng(24);
  for (const char* game : kEngineGames) {
    SCOPED_TRACE(game);
    Side host;
    std::string room;
    ASSERT_TRUE(open_computer_room(
        port(), host, room, {{"game", game}, {"side", "first"}, {"computer", {{"level", 1}}}}));
    const auto& players = host.snapshot["players"];
    ASSERT_TRUE(players[1].is_object()) << host.snapshot.dump();
    EXPECT_EQ(players[1]["computer"], json({{"level", 1}}));
    EXPECT_EQ(players[1]["name"], "Computer (level 1)");
    EXPECT_EQ(players[1]["connected"], true);
    EXPECT_EQ(host.snapshot["options"]["computer"], json({{"level", 1}}));
    int plies = 0;
    ASSERT_TRUE(play_against_computer(host, rng, 600, plies));
    ASSERT_FALSE(host.game_over.is_null());
    EXPECT_TRUE(replay_matches(game, host.game_over));
    std::printf("[computer] %s: %d plies, %s (%s)\n", game, plies,
                host.game_over.value("result", "").c_str(),
                host.game_over.value("reason", "").c_str());
  }
}

// The computer plays second here: it answers the host's move and then stays silent while
// the host is to move; a spectator or the host cannot make it move.
TEST_F(ServerComputer, OnlyTheComputerMovesForItsSeatAndOnlyForIt) {
  Side host;
  std::string room;
  ASSERT_TRUE(open_computer_room(
      port(), host, room, {{"game", "chess"}, {"side", "first"}, {"computer", {{"level", 1}}}}));
  WsClient spectator;
  ASSERT_TRUE(spectator.connect(port()));
  auto joined = spectator.request({{"type", "join_room"}, {"room", room}, {"name", "Watcher"}});
  ASSERT_TRUE(joined);
  EXPECT_EQ((*joined)["role"], "spectator");  // the second place is the computer's
  // Before the host moves the computer does not move (it is not its turn).
  EXPECT_EQ(moves_within(host, 700ms), 0);
  // The spectator cannot move, for either seat.
  auto s = spectator.request(
      {{"type", "move"}, {"move", "e2e4"}, {"version", host.version}, {"move_id", "s1"}});
  ASSERT_TRUE(s);
  EXPECT_EQ((*s)["code"], "not_a_player");
  // The host moves; the computer answers with exactly one move of its own seat.
  auto a = host.ws.request(
      {{"type", "move"}, {"move", "e2e4"}, {"version", host.version}, {"move_id", "h1"}}, 5000ms,
      host.absorber());
  ASSERT_TRUE(a);
  EXPECT_EQ((*a)["type"], "ack");
  std::vector<json> moves;
  auto seen = [&](const json& j) {
    host.absorb(j);
    if (j["type"] == "move") moves.push_back(j);
  };
  auto answer = host.ws.wait_for(
      [](const json& j) { return j["type"] == "move" && j["seat"] == 1; }, 10000ms, seen);
  ASSERT_TRUE(answer);
  host.absorb(*answer);
  EXPECT_TRUE(moves.size() == 1 && moves[0]["seat"] == 0) << "only the host's own move before";
  // While the host thinks, nothing more: the computer never moves for the host's seat.
  EXPECT_EQ(moves_within(host, 1000ms), 0);
  // The host cannot play the computer's side: a Black move on White's turn is illegal.
  auto h = host.ws.request(
      {{"type", "move"}, {"move", "e7e6"}, {"version", host.version}, {"move_id", "h2"}}, 5000ms,
      host.absorber());
  ASSERT_TRUE(h);
  EXPECT_EQ((*h)["type"], "error");
  auto claim = host.ws.request({{"type", "claim"}, {"result", "win"}});
  ASSERT_TRUE(claim);
  EXPECT_EQ((*claim)["code"], "opponent_present");  // the computer never leaves
}

TEST_F(ServerComputer, RefusesGamesItDoesNotPlayAndBadLevels) {
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
  auto fairy = c.request({{"type", "create_room"},
                          {"game", "capablanca"},
                          {"computer", {{"level", 1}}},
                          {"name", "Host"}});
  ASSERT_TRUE(fairy);
  EXPECT_EQ((*fairy)["type"], "error");
  EXPECT_EQ((*fairy)["code"], "unsupported") << fairy->dump();
  for (json level : {json(0), json(9), json("3"), json(nullptr)}) {
    auto bad = c.request({{"type", "create_room"},
                          {"game", "chess"},
                          {"computer", {{"level", level}}},
                          {"name", "Host"}});
    ASSERT_TRUE(bad);
    EXPECT_EQ((*bad)["code"], "bad_request") << level.dump();
  }
}

TEST_F(ServerComputer, RematchKeepsTheComputerAndMetricsCountItsSearches) {
  Side host;
  std::string room;
  ASSERT_TRUE(open_computer_room(
      port(), host, room, {{"game", "reversi"}, {"side", "second"}, {"computer", {{"level", 1}}}}));
  // The computer opens (it has the first seat).
  ASSERT_TRUE(host.ws.wait_for([](const json& j) { return j["type"] == "move"; }, 10000ms,
                               host.absorber()));
  auto resign = host.ws.request({{"type", "resign"}}, 5000ms, host.absorber());
  ASSERT_TRUE(resign);
  ASSERT_TRUE(host.ws.wait_for([](const json& j) { return j["type"] == "game_over"; }, 5000ms,
                               host.absorber()));
  // Between games the host may switch, but not to a game the computer does not play.
  auto fairy =
      host.ws.request({{"type", "switch_game"}, {"game", "capablanca"}}, 5000ms, host.absorber());
  ASSERT_TRUE(fairy);
  EXPECT_EQ((*fairy)["code"], "unsupported") << fairy->dump();
  auto rematch = host.ws.request({{"type", "rematch_offer"}}, 5000ms, host.absorber());
  ASSERT_TRUE(rematch);
  auto snap = host.ws.wait_for(
      [](const json& j) { return j["type"] == "snapshot" && j["status"] == "playing"; }, 5000ms,
      host.absorber());
  ASSERT_TRUE(snap) << "the computer did not take the rematch";
  EXPECT_EQ((*snap)["game_no"], 2);
  EXPECT_EQ((*snap)["players"][1]["computer"], json({{"level", 1}}));
  EXPECT_EQ((*snap)["you"]["seat"], 0);  // sides swapped: the host opens now

  // The finished game is stored like any other; its records name the computer.
  const auto games = raw_http_get(port(), std::string("/api/rooms/").append(room).append("/games"));
  EXPECT_NE(games.find("\"players_by_seat\":[\"Computer (level 1)\",\"Host\"]"), std::string::npos)
      << games;
  const auto transcript = raw_http_get(
      port(), std::string("/api/rooms/").append(room).append("/games/1/record?format=transcript"));
  EXPECT_NE(transcript.find("Computer (level 1)"), std::string::npos) << transcript;

  const auto metrics = raw_http_get(port(), "/metrics");
  for (const char* name : {"banmen_engine_searches_total", "banmen_engine_search_seconds_sum",
                           "banmen_engine_queue_length", "banmen_engine_refused_total"})
    EXPECT_NE(metrics.find(std::string("\n") + name + " "), std::string::npos) << name;
  const auto at = metrics.find("\nbanmen_engine_searches_total ");
  ASSERT_NE(at, std::string::npos);
  EXPECT_GT(std::stoll(metrics.substr(at + 30)), 0);
}

// The host of a room without a guest invites the computer into the empty place; nobody
// else may, and not once a game has started.
TEST_F(ServerComputer, TheHostInvitesTheComputerIntoTheEmptyPlace) {
  Side host;
  ASSERT_TRUE(host.ws.connect(port()));
  auto created = host.ws.request(
      {{"type", "create_room"}, {"game", "hasami"}, {"side", "first"}, {"name", "Host"}}, 5000ms,
      host.absorber());
  ASSERT_TRUE(created);
  const std::string room = (*created)["room"];
  WsClient spectator;
  ASSERT_TRUE(spectator.connect(port()));
  // Anyone joining this waiting room would take its free place, so the one who is not the
  // host asks as a spectator of a full room: the request table refuses it all the same.
  Side other;
  std::string other_room;
  ASSERT_TRUE(
      open_computer_room(port(), other, other_room,
                         {{"game", "chess"}, {"side", "first"}, {"computer", {{"level", 1}}}}));
  ASSERT_TRUE(spectator.request({{"type", "join_room"}, {"room", other_room}}));
  auto not_host = spectator.request({{"type", "computer_invite"}, {"level", 1}});
  ASSERT_TRUE(not_host);
  EXPECT_EQ((*not_host)["code"], "not_host");
  auto bad = host.ws.request({{"type", "computer_invite"}, {"level", 12}});
  ASSERT_TRUE(bad);
  EXPECT_EQ((*bad)["code"], "bad_request");
  auto invited =
      host.ws.request({{"type", "computer_invite"}, {"level", 2}}, 5000ms, host.absorber());
  ASSERT_TRUE(invited);
  EXPECT_EQ((*invited)["type"], "ack") << invited->dump();
  auto snap = host.ws.wait_for(
      [](const json& j) { return j["type"] == "snapshot" && j["status"] == "playing"; }, 5000ms,
      host.absorber());
  ASSERT_TRUE(snap);
  EXPECT_EQ((*snap)["players"][1]["computer"], json({{"level", 2}}));
  EXPECT_EQ((*snap)["players"][1]["name"], "Computer (level 2)");
  auto again = host.ws.request({{"type", "computer_invite"}, {"level", 2}});
  ASSERT_TRUE(again);
  EXPECT_EQ((*again)["code"], "game_in_progress");
}

// One player offers their seat to the computer; the other accepts; the computer plays that
// seat to the end of the game and its former holder can no longer move for it.
TEST_F(ServerComputer, APlayerHandsTheSeatToTheComputerWhenTheOtherAccepts) {
  Match m;
  ASSERT_TRUE(open_match(port(), m, {{"game", "reversi"}, {"side", "first"}}));
  std::mt19937 rng(3);
  ASSERT_TRUE(play_random(m, rng, 2));  // a move each
  auto offer = m.a.ws.request({{"type", "computer_offer"}, {"level", 1}}, 5000ms, m.a.absorber());
  ASSERT_TRUE(offer);
  EXPECT_EQ((*offer)["type"], "ack");
  auto seen =
      m.b.ws.wait_for([](const json& j) { return j["type"] == "offer" && j["kind"] == "computer"; },
                      5000ms, m.b.absorber());
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["state"], "made");
  EXPECT_EQ((*seen)["level"], 1);
  // The offerer cannot accept their own offer.
  auto self_accept = m.a.ws.request({{"type", "computer_accept"}});
  ASSERT_TRUE(self_accept);
  EXPECT_EQ((*self_accept)["code"], "no_offer");
  auto accepted = m.b.ws.request({{"type", "computer_accept"}}, 5000ms, m.b.absorber());
  ASSERT_TRUE(accepted);
  EXPECT_EQ((*accepted)["type"], "ack");
  auto presence = m.b.ws.wait_for(
      [](const json& j) { return j["type"] == "presence" && j.contains("computer"); }, 5000ms,
      m.b.absorber());
  ASSERT_TRUE(presence);
  EXPECT_EQ((*presence)["player"], 0);
  // The host's seat (0) is to move: the computer moves for it, the host cannot.
  auto host_move = m.a.ws.request(
      {{"type", "move"}, {"move", "pass"}, {"version", m.a.version}, {"move_id", "x"}});
  ASSERT_TRUE(host_move);
  EXPECT_EQ((*host_move)["code"], "not_a_player");
  // The guest plays on against the computer to the end.
  Side& guest = m.b;
  int plies = 0;
  ASSERT_TRUE(play_against_computer(guest, rng, 200, plies));
  EXPECT_TRUE(replay_matches("reversi", guest.game_over));
  // After the game the seat is the host's again.
  auto back = m.b.ws.wait_for(
      [](const json& j) { return j["type"] == "presence" && j["player"] == 0; }, 5000ms);
  ASSERT_TRUE(back);
  EXPECT_FALSE(back->contains("computer")) << back->dump();
}

// Many rooms whose computer thinks at level 8 (10 s a move) fill the engine's one thread and
// its queue; a room of two people plays on. The figure goes to docs/engine.md.
TEST_F(ServerComputer, AFloodOfComputerRoomsDoesNotStallAHumanRoom) {
  auto human_round_trips = [&](int moves) {
    Match m;
    EXPECT_TRUE(open_match(port(), m, {{"game", "reversi"}, {"side", "first"}}));
    std::vector<double> ms;
    std::mt19937 rng(7);
    for (int i = 0; i < moves && (!m.a.legal.empty() || !m.b.legal.empty()); ++i) {
      Side& mover = !m.a.legal.empty() ? m.a : m.b;
      std::uniform_int_distribution<std::size_t> pick(0, mover.legal.size() - 1);
      const auto t0 = std::chrono::steady_clock::now();
      EXPECT_TRUE(play_one(m, mover.legal[pick(rng)], std::to_string(i).insert(0, 1, 'f')));
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms;
  };
  const auto quiet = human_round_trips(30);
  std::vector<std::unique_ptr<Side>> flood;
  for (int i = 0; i < 12; ++i) {
    auto host = std::make_unique<Side>();
    std::string room;
    ASSERT_TRUE(
        open_computer_room(port(), *host, room,
                           {{"game", "chess"}, {"side", "second"}, {"computer", {{"level", 8}}}}));
    flood.push_back(std::move(host));
  }
  const auto loaded = human_round_trips(30);
  const auto metrics = raw_http_get(port(), "/metrics");
  const auto refused = metrics.find("\nbanmen_engine_refused_total ");
  ASSERT_FALSE(quiet.empty());
  ASSERT_FALSE(loaded.empty());
  auto pct = [](const std::vector<double>& v, double p) {
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
  };
  std::printf(
      "[computer] human move round trip, %zu moves: quiet median %.1f ms p90 %.1f ms; with 12 "
      "level-8 computer rooms waiting on 1 engine thread: median %.1f ms p90 %.1f ms; %s\n",
      loaded.size(), pct(quiet, 0.5), pct(quiet, 0.9), pct(loaded, 0.5), pct(loaded, 0.9),
      refused == std::string::npos ? "?" : metrics.substr(refused + 1, 40).c_str());
  EXPECT_EQ(loaded.size(), 30u);  // every move of the human room went through
}

// A server stopping while the computer thinks (a long level-8 search running, others
// queued) stops its searches and exits cleanly.
TEST_F(ServerComputer, StopsCleanlyWhileTheComputerThinks) {
  ServerProcess own({"--engine-threads", "1", "--engine-queue", "2"});
  ASSERT_TRUE(own.ok()) << own.log();
  std::vector<std::unique_ptr<Side>> hosts;
  for (int i = 0; i < 4; ++i) {
    auto host = std::make_unique<Side>();
    std::string room;
    ASSERT_TRUE(
        open_computer_room(own.port(), *host, room,
                           {{"game", "shogi"}, {"side", "second"}, {"computer", {{"level", 8}}}}));
    hosts.push_back(std::move(host));
  }
  std::this_thread::sleep_for(300ms);
  for (auto& h : hosts) h->ws.close();
  EXPECT_TRUE(own.stop()) << own.log();
}

}  // namespace
}  // namespace banmen::testing
