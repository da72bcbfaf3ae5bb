// A store that fails must never leave a room stuck or undo an ending: a game's start and a
// result nobody asked for are written again until the store takes them.
#include <gtest/gtest.h>

#include <mutex>

#include "app/hub.h"
#include "recording_client.h"
#include "rooms/room.h"
#include "rooms/room_options.h"
#include "storage/memory_store.h"

namespace banmen::server {
namespace {

TEST(RoomStoreFailure, AFailedGameStartIsWrittenAgainUntilTheGameStarts) {
  boost::asio::io_context ioc;
  auto owned = std::make_unique<MemoryStore>();
  auto& store = *owned;
  Hub hub(ioc, Config{}, std::move(owned));
  auto room = hub.rooms.create("203.0.113.1");
  ASSERT_TRUE(room);
  auto host = std::make_shared<RecordingClient>(1);
  auto options = parse_room_options({{"type", "create_room"}, {"game", "reversi"}});
  ASSERT_TRUE(options);
  (*room)->create(host, *options, "Host", 1);
  ioc.run_for(std::chrono::milliseconds(100));
  // The guest's seat is recorded; the game's start fails twice, then the store recovers.
  store.fail_next_writes(2, 1);
  auto guest = std::make_shared<RecordingClient>(2);
  (*room)->join(guest, {{"type", "join_room"}, {"room", (*room)->id()}, {"id", 2}});
  ioc.restart();
  ioc.run_for(std::chrono::milliseconds(1500));  // retries after 0.25 s and 0.5 s
  auto seen = guest->statuses();
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.front(), "waiting");
  EXPECT_EQ(seen.back(), "playing") << "the room stayed stuck waiting";
  EXPECT_EQ(host->statuses().back(), "playing");
  (*room)->shutdown();
  ioc.restart();
  ioc.run_for(std::chrono::milliseconds(50));
}

TEST(RoomStoreFailure, AFlagFallIsWrittenAgainSoARestartCannotUndoIt) {
  boost::asio::io_context ioc;
  auto owned = std::make_unique<MemoryStore>();
  auto& store = *owned;
  Hub hub(ioc, Config{}, std::move(owned));
  auto room = hub.rooms.create("203.0.113.1");
  ASSERT_TRUE(room);
  auto host = std::make_shared<RecordingClient>(1);
  auto guest = std::make_shared<RecordingClient>(2);
  auto options =
      parse_room_options({{"type", "create_room"},
                          {"game", "reversi"},
                          {"side", "first"},
                          {"clock", {{"kind", "fischer"}, {"base_ms", 300}, {"increment_ms", 0}}}});
  ASSERT_TRUE(options) << options.error().message;
  (*room)->create(host, *options, "Host", 1);
  ioc.run_for(std::chrono::milliseconds(50));
  (*room)->join(guest, {{"type", "join_room"}, {"room", (*room)->id()}, {"id", 2}});
  ioc.restart();
  ioc.run_for(std::chrono::milliseconds(50));
  json snap;
  {
    std::lock_guard lock(host->mu);
    for (const auto& j : host->got)
      if (j["type"] == "snapshot") snap = j;
  }
  ASSERT_EQ(snap["status"], "playing");
  ASSERT_FALSE(snap["legal_moves"].empty());
  // Both sides move (the clocks run from the second move on), each recorded; then the
  // result of the first player's flag fall fails three times before the store recovers.
  store.fail_next_writes(3, 2);
  (*room)->request(host, {{"type", "move"},
                          {"id", 3},
                          {"move", snap["legal_moves"][0]},
                          {"version", snap["version"]},
                          {"move_id", "m1"}});
  ioc.restart();
  ioc.run_for(std::chrono::milliseconds(50));
  json reply;
  {
    std::lock_guard lock(guest->mu);
    reply = guest->got.back();
  }
  ASSERT_EQ(reply["type"], "move") << reply.dump();
  ASSERT_FALSE(reply["legal_moves"].empty()) << reply.dump();
  (*room)->request(guest, {{"type", "move"},
                           {"id", 4},
                           {"move", reply["legal_moves"][0]},
                           {"version", reply["version"]},
                           {"move_id", "m2"}});
  ioc.restart();
  ioc.run_for(std::chrono::milliseconds(2500));  // the flag at 0.3 s; retries 0.25, 0.5, 1 s
  bool over = false;
  {
    std::lock_guard lock(guest->mu);
    for (const auto& j : guest->got) over = over || j["type"] == "game_over";
  }
  EXPECT_TRUE(over) << "the players hear of the flag fall";
  auto unfinished = store.load_unfinished();
  ASSERT_TRUE(unfinished);
  for (const auto& r : *unfinished)
    EXPECT_NE(r.info.room_id, (*room)->id()) << "a restart would bring the game back as playing";
  (*room)->shutdown();
  ioc.restart();
  ioc.run_for(std::chrono::milliseconds(50));
}

}  // namespace
}  // namespace banmen::server
