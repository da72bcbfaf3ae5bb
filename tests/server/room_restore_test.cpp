// A room comes back from the store after a restart: moves replayed, the player's token
// still valid, and the clocks as at the last stored move: the time the server was down is
// charged to nobody (docs/operations.md, "Restarts"); the side to move's clock runs again
// once that player is back.
#include <gtest/gtest.h>

#include <mutex>

#include "app/hub.h"
#include "games/registry.h"
#include "recording_client.h"
#include "rooms/room.h"
#include "storage/memory_store.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {
namespace {

TEST(RoomRestore, UnfinishedGameComesBackWithItsClock) {
  auto chess = create_game("chess");
  ASSERT_TRUE(chess) << chess.error().message;
  boost::asio::io_context ioc;
  auto store = std::make_unique<MemoryStore>();
  const std::string opts =
      R"({"game":"chess","clock":{"kind":"fischer","base_ms":60000,"increment_ms":0}})";
  const auto t0 = unix_ms() - 10000;
  ASSERT_TRUE(store->write(StoredRoomInfo{"room1", opts, t0}));
  ASSERT_TRUE(store->write(StoredSeat{"room1", {0, "A", sha256_hex("tokenA")}}));
  ASSERT_TRUE(store->write(StoredSeat{"room1", {1, "B", sha256_hex("tokenB")}}));
  ASSERT_TRUE(store->write(
      StoredGameStart{"room1", 1, "chess", opts, chess.value()->initial_position(), {0, 1}, t0}));
  ASSERT_TRUE(store->write(StoredMove{"room1", 1, 1, "e2e4", {60000, 60000}, {0, 0}, t0 + 1000}));
  ASSERT_TRUE(store->write(StoredMove{"room1", 1, 2, "e7e5", {60000, 60000}, {0, 0}, t0 + 2000}));

  Hub hub(ioc, Config{}, std::move(store));
  auto stored = hub.store->load_unfinished();
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->size(), 1u);
  hub.rooms.restore(stored->front());
  auto room = hub.rooms.find("room1");
  ASSERT_TRUE(room);
  auto client = std::make_shared<RecordingClient>(7, /*protocol_version=*/1);
  room->join(client, {{"type", "join_room"}, {"room", "room1"}, {"token", "tokenA"}, {"id", 1}});
  ioc.run_for(std::chrono::milliseconds(300));
  std::lock_guard lock(client->mu);
  ASSERT_GE(client->got.size(), 2u);
  EXPECT_EQ(client->got[0]["type"], "joined");
  EXPECT_EQ(client->got[0]["player"], 0);
  const auto& snap = client->got[1];
  ASSERT_EQ(snap["type"], "snapshot");
  EXPECT_EQ(snap["status"], "playing");
  EXPECT_EQ(snap["moves"].size(), 2u);
  EXPECT_FALSE(snap["legal_moves"].empty());
  EXPECT_EQ(snap["clock"]["running"], 0);
  // White's turn began 8 s before the restart; none of it is charged.
  const auto white = snap["clock"]["remaining_ms"][0].get<std::int64_t>();
  EXPECT_LE(white, 60000);
  EXPECT_GE(white, 59900);
  EXPECT_EQ(snap["clock"]["remaining_ms"][1], 60000);
  room->shutdown();
  ioc.run_for(std::chrono::milliseconds(50));
}

// A room against the computer: its seat record's marker brings the computer back, and as
// it is the side to move it thinks and moves without anyone returning.
TEST(RoomRestore, TheComputerComesBackAndMoves) {
  auto chess = create_game("chess");
  ASSERT_TRUE(chess) << chess.error().message;
  boost::asio::io_context ioc;
  auto store = std::make_unique<MemoryStore>();
  const std::string opts = R"({"game":"chess","side":"first","computer":{"level":1}})";
  const auto t0 = unix_ms() - 10000;
  ASSERT_TRUE(store->write(StoredRoomInfo{"room2", opts, t0}));
  ASSERT_TRUE(store->write(StoredSeat{"room2", {0, "A", sha256_hex("tokenA")}}));
  ASSERT_TRUE(store->write(StoredSeat{"room2", {1, "Computer (level 1)", "computer:1"}}));
  ASSERT_TRUE(store->write(
      StoredGameStart{"room2", 1, "chess", opts, chess.value()->initial_position(), {0, 1}, t0}));
  ASSERT_TRUE(store->write(StoredMove{"room2", 1, 1, "e2e4", {0, 0}, {0, 0}, t0 + 1000}));

  Hub hub(ioc, Config{}, std::move(store));
  auto stored = hub.store->load_unfinished();
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->size(), 1u);
  ASSERT_TRUE(hub.rooms.restore(stored->front()));
  auto room = hub.rooms.find("room2");
  ASSERT_TRUE(room);
  // The computer's answer comes from the engine's thread; the room commits it. Until then
  // the I/O context has nothing of its own to do: the guard keeps it running.
  auto guard = boost::asio::make_work_guard(ioc);
  for (int i = 0; i < 50; ++i) {
    ioc.run_for(std::chrono::milliseconds(100));
    auto now = hub.store->load_unfinished();
    if (now && now->size() == 1 && now->front().moves.size() == 2) break;
  }
  auto client = std::make_shared<RecordingClient>(7, /*protocol_version=*/1);
  room->join(client, {{"type", "join_room"}, {"room", "room2"}, {"token", "tokenA"}, {"id", 1}});
  ioc.run_for(std::chrono::milliseconds(300));
  {
    std::lock_guard lock(client->mu);
    ASSERT_GE(client->got.size(), 2u);
    const auto& snap = client->got[1];
    ASSERT_EQ(snap["type"], "snapshot");
    EXPECT_EQ(snap["moves"].size(), 2u) << "the computer did not move after the restart";
    EXPECT_EQ(snap["players"][1]["computer"], json({{"level", 1}}));
    EXPECT_EQ(snap["players"][1]["name"], "Computer (level 1)");
    EXPECT_EQ(snap["options"]["computer"], json({{"level", 1}}));
    EXPECT_FALSE(snap["legal_moves"].empty());
  }
  room->shutdown();
  ioc.run_for(std::chrono::milliseconds(50));
}

}  // namespace
}  // namespace banmen::server
