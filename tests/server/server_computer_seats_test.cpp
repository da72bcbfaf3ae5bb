// Integration: the computer in a room it was not created with (invited into the empty
// place, or handed a player's seat by agreement), a flood of computer rooms beside a room of
// two people (the figure is printed for docs/engine.md; nothing here asserts a time), and a
// server stopping while its computers think.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "computer_match.h"
#include "raw_ws_client.h"

namespace banmen::testing {
namespace {

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
  const auto refused = metrics.find("\nbanmen_refused_total{reason=\"engine_queue_full\"} ");
  const auto refused_address =
      metrics.find("\nbanmen_refused_total{reason=\"engine_per_address\"} ");
  ASSERT_FALSE(quiet.empty());
  ASSERT_FALSE(loaded.empty());
  auto line_at = [&](std::size_t at) {
    if (at == std::string::npos) return std::string("?");
    return metrics.substr(at + 1, metrics.find('\n', at + 1) - at - 1);
  };
  auto pct = [](const std::vector<double>& v, double p) {
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
  };
  std::printf(
      "[computer] human move round trip, %zu moves: quiet median %.1f ms p90 %.1f ms; with 12 "
      "level-8 computer rooms waiting on 1 engine thread: median %.1f ms p90 %.1f ms; %s; %s\n",
      loaded.size(), pct(quiet, 0.5), pct(quiet, 0.9), pct(loaded, 0.5), pct(loaded, 0.9),
      line_at(refused).c_str(), line_at(refused_address).c_str());
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
