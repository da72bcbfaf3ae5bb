// A game both players left is adjourned, not ended (docs/rules/play.md, "Players who
// leave"): clocks stopped, nothing decided, the room free to leave memory; it goes on when
// both are back, and the first back cannot claim against the other at once. A restart
// adjourns a game between two people the same way. The rooms are driven directly; every
// wait is on a condition.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>

#include "app/hub.h"
#include "games/registry.h"
#include "recording_client.h"
#include "room_waits.h"
#include "rooms/room.h"
#include "rooms/room_options.h"
#include "storage/memory_store.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {
namespace {

using namespace std::chrono_literals;
using room_waits::answer_to;
using room_waits::last_of;
using room_waits::run_until;

TEST(RoomAdjourn, BothPlayersGoneAdjournsTheGameAndBothBackResumeIt) {
  boost::asio::io_context ioc;
  Config config;
  config.abandon_timeout_ms = 50;
  auto owned = std::make_unique<MemoryStore>();
  auto* store = owned.get();
  Hub hub(ioc, config, std::move(owned));
  auto created = hub.rooms.create("203.0.113.1");
  ASSERT_TRUE(created);
  auto room = *created;
  auto host = std::make_shared<RecordingClient>(1);
  auto guest = std::make_shared<RecordingClient>(2);
  auto options = parse_room_options(
      {{"type", "create_room"},
       {"game", "shogi"},
       {"side", "first"},
       {"clock", {{"kind", "byoyomi"}, {"base_ms", 60000}, {"period_ms", 10000}, {"periods", 1}}}});
  ASSERT_TRUE(options) << options.error().message;
  room->create(host, *options, "Host", 1);
  ASSERT_TRUE(run_until(ioc, [&] { return !last_of(*host, "room_created").is_null(); }));
  room->join(guest, {{"type", "join_room"}, {"room", room->id()}, {"id", 2}});
  ASSERT_TRUE(run_until(ioc, [&] { return last_of(*guest, "snapshot")["status"] == "playing"; }));
  const std::string host_token = last_of(*host, "room_created")["token"];
  const std::string guest_token = answer_to(*guest, 2)["token"];
  // Two plies: the clocks run (sente's now).
  auto play = [&](const std::shared_ptr<RecordingClient>& who, const json& seen, int id) {
    room->request(who, {{"type", "move"},
                        {"id", id},
                        {"move", seen["legal_moves"][0]},
                        {"version", seen["version"]},
                        {"move_id", std::string("m").append(std::to_string(id))}});
  };
  play(host, last_of(*host, "snapshot"), 3);
  ASSERT_TRUE(run_until(ioc, [&] { return last_of(*guest, "move")["ply"] == 1; }));
  play(guest, last_of(*guest, "move"), 4);
  ASSERT_TRUE(run_until(ioc, [&] { return last_of(*host, "move")["ply"] == 2; }));
  ASSERT_EQ(last_of(*host, "move")["clock"]["running"], 0);

  // A spectator stays to watch; both players leave, and stay away past the timeout.
  auto watcher = std::make_shared<RecordingClient>(3);
  room->join(watcher, {{"type", "join_room"}, {"room", room->id()}, {"id", 5}});
  ASSERT_TRUE(run_until(ioc, [&] { return !last_of(*watcher, "snapshot").is_null(); }));
  room->leave(1);
  room->leave(2);
  const auto left = unix_ms();
  ASSERT_TRUE(run_until(ioc, [&] { return unix_ms() > left + 2 * config.abandon_timeout_ms; }));
  room->end_if_abandoned();  // what the registry's sweep does
  ASSERT_TRUE(run_until(ioc, [&] { return last_of(*watcher, "snapshot")["adjourned"] == true; }));
  auto snap = last_of(*watcher, "snapshot");
  EXPECT_EQ(snap["status"], "playing") << "nothing is decided";
  EXPECT_EQ(snap["result"], nullptr);
  EXPECT_EQ(snap["clock"]["running"], nullptr) << "the clocks stop";
  EXPECT_FALSE(last_of(*watcher, "game_over").is_object());
  auto series = store->list_games(room->id());
  ASSERT_TRUE(series);
  ASSERT_EQ(series->games.size(), 1u);
  EXPECT_FALSE(series->games[0].finished) << "an adjourned game has no result";
  // A second sweep changes nothing.
  room->end_if_abandoned();

  // The host comes back first: adjourned, no legal moves, no move, no claim yet.
  auto host2 = std::make_shared<RecordingClient>(11);
  room->join(host2,
             {{"type", "join_room"}, {"room", room->id()}, {"token", host_token}, {"id", 6}});
  ASSERT_TRUE(run_until(ioc, [&] { return !last_of(*host2, "snapshot").is_null(); }));
  snap = last_of(*host2, "snapshot");
  EXPECT_EQ(snap["adjourned"], true);
  EXPECT_TRUE(snap["legal_moves"].empty());
  EXPECT_EQ(snap["clock"]["running"], nullptr);
  const auto stopped_at = snap["clock"]["remaining_ms"][0].get<std::int64_t>();
  // The guest has been away for far longer than the timeout, but not while the host was
  // here: the claim opens a timeout after the host's return.
  EXPECT_GE(snap["players"][1]["claim_at_ms"].get<std::int64_t>(),
            snap["server_time_ms"].get<std::int64_t>());
  room->request(host2, {{"type", "claim"}, {"id", 7}, {"result", "win"}});
  room->request(host2, {{"type", "move"},
                        {"id", 8},
                        {"move", "2g2f"},
                        {"version", snap["version"]},
                        {"move_id", "late"}});
  room->request(host2, {{"type", "draw_offer"}, {"id", 9}});
  ASSERT_TRUE(run_until(ioc, [&] {
    return !answer_to(*host2, 7).is_null() && !answer_to(*host2, 8).is_null() &&
           !answer_to(*host2, 9).is_null();
  }));
  EXPECT_EQ(answer_to(*host2, 7)["code"], "opponent_present") << answer_to(*host2, 7).dump();
  EXPECT_EQ(answer_to(*host2, 8)["code"], "game_adjourned") << answer_to(*host2, 8).dump();
  EXPECT_EQ(answer_to(*host2, 9)["code"], "game_adjourned") << answer_to(*host2, 9).dump();

  // The guest comes back: the game goes on, sente's clock running from where it stopped.
  auto guest2 = std::make_shared<RecordingClient>(12);
  room->join(guest2,
             {{"type", "join_room"}, {"room", room->id()}, {"token", guest_token}, {"id", 10}});
  ASSERT_TRUE(run_until(ioc, [&] { return last_of(*host2, "snapshot")["adjourned"] == false; }));
  snap = last_of(*host2, "snapshot");
  EXPECT_EQ(snap["status"], "playing");
  EXPECT_EQ(snap["clock"]["running"], 0);
  EXPECT_LE(snap["clock"]["remaining_ms"][0].get<std::int64_t>(), stopped_at);
  EXPECT_FALSE(snap["legal_moves"].empty());
  play(host2, snap, 11);
  ASSERT_TRUE(run_until(ioc, [&] { return last_of(*guest2, "move")["ply"] == 3; }));
  room->shutdown();
  ioc.restart();
  ioc.run_for(20ms);
}

// One player away, the other here: the claim stays as it was.
TEST(RoomAdjourn, AClaimAgainstOneAbsentPlayerStillWorks) {
  boost::asio::io_context ioc;
  Config config;
  config.abandon_timeout_ms = 50;
  Hub hub(ioc, config, std::make_unique<MemoryStore>());
  auto created = hub.rooms.create("203.0.113.1");
  ASSERT_TRUE(created);
  auto room = *created;
  auto host = std::make_shared<RecordingClient>(1);
  auto guest = std::make_shared<RecordingClient>(2);
  auto options =
      parse_room_options({{"type", "create_room"}, {"game", "shogi"}, {"side", "first"}});
  ASSERT_TRUE(options) << options.error().message;
  room->create(host, *options, "Host", 1);
  ASSERT_TRUE(run_until(ioc, [&] { return !last_of(*host, "snapshot").is_null(); }));
  room->join(guest, {{"type", "join_room"}, {"room", room->id()}, {"id", 2}});
  ASSERT_TRUE(run_until(ioc, [&] { return last_of(*host, "snapshot")["status"] == "playing"; }));
  auto seen = last_of(*host, "snapshot");
  room->request(host, {{"type", "move"},
                       {"id", 3},
                       {"move", seen["legal_moves"][0]},
                       {"version", seen["version"]},
                       {"move_id", "a"}});
  ASSERT_TRUE(run_until(ioc, [&] { return last_of(*guest, "move")["ply"] == 1; }));
  seen = last_of(*guest, "move");
  room->request(guest, {{"type", "move"},
                        {"id", 4},
                        {"move", seen["legal_moves"][0]},
                        {"version", seen["version"]},
                        {"move_id", "b"}});
  ASSERT_TRUE(run_until(ioc, [&] { return last_of(*host, "move")["ply"] == 2; }));
  room->leave(2);
  const auto left = unix_ms();
  ASSERT_TRUE(run_until(ioc, [&] { return unix_ms() > left + 2 * config.abandon_timeout_ms; }));
  room->end_if_abandoned();  // one player is here: nothing to adjourn
  room->request(host, {{"type", "claim"}, {"id", 5}, {"result", "win"}});
  ASSERT_TRUE(run_until(ioc, [&] { return !last_of(*host, "game_over").is_null(); }));
  const auto over = last_of(*host, "game_over");
  EXPECT_EQ(over["result"], "win");
  EXPECT_EQ(over["reason"], "abandonment");
  room->shutdown();
  ioc.restart();
  ioc.run_for(20ms);
}

}  // namespace
}  // namespace banmen::server
