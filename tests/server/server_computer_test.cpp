// Integration: the computer opponent in rooms, through the real binary (whole games against
// level 1 in every game the engine plays: server_computer_variants_test.cpp, optimised build);
// the computer only ever moves for its own seat, nobody else can make it move, a room's
// own fairy variant is played too, the seat shows as the computer, a rematch keeps it and its games
// are recorded under its name.
#include <gtest/gtest.h>

#include <cstdio>

#include "computer_match.h"
#include "raw_ws_client.h"

namespace banmen::testing {
namespace {

// A 6x6 variant of the room's own, with a custom piece (a wazir that captures like a fers).
const std::string kTinyVariant =
    "[tiny:chess]\nmaxFile = 6\nmaxRank = 6\nqueen = -\ncustomPiece1 = w:mWcF\n"
    "startFen = rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1\npromotionRegionWhite = *6\n"
    "promotionRegionBlack = *1\npromotionPieceTypes = nrw\ndoubleStep = false\n"
    "castling = false\n";

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

// Every game the server offers is one the computer plays: a room's own fairy definition
// too. Levels outside 1..8, or not numbers, are refused.
TEST_F(ServerComputer, PlaysARoomsOwnVariantAndRefusesBadLevels) {
  std::mt19937 rng(7);
  Side host;
  std::string room;
  ASSERT_TRUE(open_computer_room(port(), host, room,
                                 {{"game", "custom"},
                                  {"variant", kTinyVariant},
                                  {"variant_name", "tiny"},
                                  {"side", "second"},
                                  {"computer", {{"level", 2}}}}));
  EXPECT_EQ(host.snapshot["players"][1]["computer"], json({{"level", 2}}));
  int plies = 0;
  ASSERT_TRUE(play_against_computer(host, rng, 400, plies));
  ASSERT_FALSE(host.game_over.is_null());
  std::printf("[computer] custom: %d plies, %s (%s)\n", plies,
              host.game_over.value("result", "").c_str(),
              host.game_over.value("reason", "").c_str());
  WsClient c;
  ASSERT_TRUE(c.connect(port()));
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
  // Between games the host may switch to another game, a fairy variant too.
  auto fairy =
      host.ws.request({{"type", "switch_game"}, {"game", "capablanca"}}, 5000ms, host.absorber());
  ASSERT_TRUE(fairy);
  EXPECT_NE((*fairy)["type"], "error") << fairy->dump();
  auto rematch = host.ws.request({{"type", "rematch_offer"}}, 5000ms, host.absorber());
  ASSERT_TRUE(rematch);
  auto snap = host.ws.wait_for(
      [](const json& j) { return j["type"] == "snapshot" && j["status"] == "playing"; }, 5000ms,
      host.absorber());
  ASSERT_TRUE(snap) << "the computer did not take the rematch";
  EXPECT_EQ((*snap)["game_no"], 2);
  EXPECT_EQ((*snap)["players"][1]["computer"], json({{"level", 1}}));
  EXPECT_EQ((*snap)["you"]["seat"], 0);  // sides swapped: the host opens now
  EXPECT_EQ((*snap)["options"]["game"], "capablanca");

  // The finished game is stored like any other; its records name the computer.
  const auto games = raw_http_get(port(), std::string("/api/rooms/").append(room).append("/games"));
  EXPECT_NE(games.find("\"players_by_seat\":[\"Computer (level 1)\",\"Host\"]"), std::string::npos)
      << games;
  const auto transcript = raw_http_get(
      port(), std::string("/api/rooms/").append(room).append("/games/1/record?format=transcript"));
  EXPECT_NE(transcript.find("Computer (level 1)"), std::string::npos) << transcript;

  const auto metrics = raw_http_get(port(), "/metrics");
  for (const char* name :
       {"banmen_engine_searches_total", "banmen_engine_search_seconds_sum",
        "banmen_engine_search_seconds_count", "banmen_engine_queue_wait_seconds_count",
        "banmen_engine_queue_length", "banmen_engine_running",
        "banmen_refused_total{reason=\"engine_queue_full\"}",
        "banmen_refused_total{reason=\"engine_per_address\"}"})
    EXPECT_NE(metrics.find(std::string("\n") + name + " "), std::string::npos) << name;
  // The times are histograms (the search time's sum was once typed a counter of its own).
  for (const char* type : {"# TYPE banmen_engine_search_seconds histogram\n",
                           "# TYPE banmen_engine_queue_wait_seconds histogram\n",
                           "# TYPE banmen_engine_queue_length gauge\n"})
    EXPECT_NE(metrics.find(type), std::string::npos) << type;
  EXPECT_EQ(metrics.find("# TYPE banmen_engine_search_seconds_sum"), std::string::npos);
  const auto at = metrics.find("\nbanmen_engine_searches_total ");
  ASSERT_NE(at, std::string::npos);
  EXPECT_GT(std::stoll(metrics.substr(at + 30)), 0);
}

}  // namespace
}  // namespace banmen::testing
