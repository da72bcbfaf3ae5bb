// RoomRegistry::open brings a room that left memory back from the store: a room whose
// last game is over comes back over (result and score shown, a rematch possible), racing
// opens share one read and get one room object, and unknown, closed or unreplayable rooms
// answer no_such_room. The callbacks run on the registry's worker thread, as in the server.
#include <gtest/gtest.h>

#include <future>
#include <thread>

#include "app/dispatcher.h"
#include "app/hub.h"
#include "app/peer.h"
#include "games/registry.h"
#include "protocol/error_codes.h"
#include "recording_client.h"
#include "rooms/room.h"
#include "storage/memory_store.h"
#include "util/time.h"
#include "util/tokens.h"

namespace banmen::server {
namespace {

const std::string kOptions = R"({"game":"chess","side":"first"})";

// Room `id`: A and B played fool's mate (B won by the rules); the result is stored.
std::unique_ptr<MemoryStore> store_with_finished_room(const std::string& id) {
  auto store = std::make_unique<MemoryStore>();
  auto chess = create_game("chess");
  EXPECT_TRUE(chess);
  const auto t0 = unix_ms() - 100000;
  EXPECT_TRUE(store->write(StoredRoomInfo{id, kOptions, t0}));
  EXPECT_TRUE(store->write(StoredSeat{id, {0, "A", sha256_hex("tokenA")}}));
  EXPECT_TRUE(store->write(StoredSeat{id, {1, "B", sha256_hex("tokenB")}}));
  EXPECT_TRUE(store->write(
      StoredGameStart{id, 1, "chess", kOptions, chess.value()->initial_position(), {0, 1}, t0}));
  int ply = 0;
  for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"})
    EXPECT_TRUE(store->write(StoredMove{id, 1, ++ply, m, {0, 0}, {0, 0}, t0 + ply}));
  EXPECT_TRUE(store->write(StoredFinish{id, 1, {"win", 1, "checkmate"}, t0 + 10}));
  EXPECT_TRUE(store->write(StoredChat{id, 0, "A", "players", "well played", t0 + 11}));
  return store;
}

Result<std::shared_ptr<Room>> open_and_wait(Hub& hub, const std::string& id) {
  std::promise<Result<std::shared_ptr<Room>>> answer;
  hub.rooms.open(id, "192.0.2.1",
                 [&](Result<std::shared_ptr<Room>> r) { answer.set_value(std::move(r)); });
  auto f = answer.get_future();
  if (f.wait_for(std::chrono::seconds(10)) != std::future_status::ready)
    return make_error(errc::internal_error, "no answer");
  return f.get();
}

TEST(RoomLoading, AFinishedLastGameComesBackOverAndARematchStartsTheNextGame) {
  boost::asio::io_context ioc;
  Hub hub(ioc, Config{}, store_with_finished_room("done1"));
  EXPECT_EQ(hub.rooms.find("done1"), nullptr);
  auto room = open_and_wait(hub, "done1");
  ASSERT_TRUE(room) << room.error().message;
  EXPECT_EQ(hub.rooms.find("done1"), *room);
  EXPECT_EQ(hub.metrics.rooms_loaded_total, 1u);

  auto a = std::make_shared<RecordingClient>(1);
  auto b = std::make_shared<RecordingClient>(2);
  (*room)->join(a, {{"type", "join_room"}, {"room", "done1"}, {"token", "tokenA"}, {"id", 1}});
  (*room)->join(b, {{"type", "join_room"}, {"room", "done1"}, {"token", "tokenB"}, {"id", 1}});
  ioc.run_for(std::chrono::milliseconds(200));
  auto got = a->messages();
  ASSERT_GE(got.size(), 2u);
  EXPECT_EQ(got[0]["type"], "joined");
  EXPECT_EQ(got[0]["player"], 0);
  const auto& snap = got[1];
  ASSERT_EQ(snap["type"], "snapshot");
  EXPECT_EQ(snap["status"], "over");
  EXPECT_EQ(snap["game_no"], 1);
  EXPECT_EQ(snap["moves"].size(), 4u);
  EXPECT_EQ(snap["result"]["reason"], "checkmate");
  EXPECT_EQ(snap["result"]["winner"], 1);
  EXPECT_EQ(snap["score"], json::array({0, 1}));
  EXPECT_TRUE(snap["legal_moves"].empty());
  ASSERT_EQ(snap["chat"].size(), 1u);
  EXPECT_EQ(snap["chat"][0]["text"], "well played");

  (*room)->request(a, {{"type", "rematch_offer"}, {"id", 2}});
  (*room)->request(b, {{"type", "rematch_accept"}, {"id", 2}});
  ioc.restart();  // it ran out of work after the joins
  ioc.run_for(std::chrono::milliseconds(200));
  EXPECT_EQ(b->statuses().back(), "playing");
  auto series = hub.store->list_games("done1");
  ASSERT_TRUE(series);
  ASSERT_EQ(series->games.size(), 2u);
  EXPECT_EQ(series->games[1].start.game_no, 2);
  EXPECT_EQ(series->games[1].start.seat_of_player[0], 1);  // seats swapped
  (*room)->shutdown();
  ioc.run_for(std::chrono::milliseconds(50));
}

TEST(RoomLoading, RacingOpensShareOneReadAndOneRoom) {
  boost::asio::io_context ioc;
  Hub hub(ioc, Config{}, store_with_finished_room("race"));
  constexpr int kThreads = 8, kEach = 8;
  std::vector<std::future<Result<std::shared_ptr<Room>>>> answers;
  std::vector<std::promise<Result<std::shared_ptr<Room>>>> promises(kThreads * kEach);
  for (auto& p : promises) answers.push_back(p.get_future());
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i)
        hub.rooms.open("race", "192.0.2.1",
                       [&promises, k = t * kEach + i](Result<std::shared_ptr<Room>> r) {
                         promises[static_cast<std::size_t>(k)].set_value(std::move(r));
                       });
    });
  for (auto& t : threads) t.join();
  std::shared_ptr<Room> first;
  for (auto& f : answers) {
    ASSERT_EQ(f.wait_for(std::chrono::seconds(10)), std::future_status::ready);
    auto r = f.get();
    ASSERT_TRUE(r) << r.error().message;
    if (!first) first = *r;
    EXPECT_EQ(*r, first);
  }
  EXPECT_EQ(hub.metrics.rooms_loaded_total, 1u);
  EXPECT_EQ(hub.rooms.size(), 1u);
  first->shutdown();
  ioc.run_for(std::chrono::milliseconds(50));
}

TEST(RoomLoading, UnknownClosedAndUnreplayableRoomsAreNoSuchRoom) {
  boost::asio::io_context ioc;
  auto store = store_with_finished_room("closed");
  ASSERT_TRUE(store->write(StoredClose{"closed", unix_ms()}));
  // A stored move the rules refuse: the room stays in the store, unopened.
  ASSERT_TRUE(store->write(StoredRoomInfo{"broken", kOptions, 1}));
  ASSERT_TRUE(store->write(StoredSeat{"broken", {0, "A", sha256_hex("tokenA")}}));
  auto chess = create_game("chess");
  ASSERT_TRUE(store->write(StoredGameStart{
      "broken", 1, "chess", kOptions, chess.value()->initial_position(), {0, 1}, 2}));
  ASSERT_TRUE(store->write(StoredMove{"broken", 1, 1, "e2e5", {0, 0}, {0, 0}, 3}));
  Hub hub(ioc, Config{}, std::move(store));
  for (const char* id : {"nope", "closed", "broken"}) {
    auto r = open_and_wait(hub, id);
    ASSERT_FALSE(r) << id;
    EXPECT_EQ(r.error().code, errc::no_such_room) << id;
  }
  EXPECT_EQ(hub.metrics.rooms_loaded_total, 0u);
  EXPECT_EQ(hub.rooms.size(), 0u);
}

TEST(RoomLoading, AnIdleRoomLeavesMemoryButNotTheStore) {
  boost::asio::io_context ioc;
  Config config;
  config.room_idle_ttl_ms = 1000;
  Hub hub(ioc, config, store_with_finished_room("idle"));
  auto room = open_and_wait(hub, "idle");
  ASSERT_TRUE(room);
  room->reset();
  hub.rooms.start_sweeping();
  for (int i = 0; i < 40 && hub.rooms.size() > 0; ++i) ioc.run_for(std::chrono::milliseconds(100));
  EXPECT_EQ(hub.rooms.size(), 0u);
  EXPECT_TRUE(hub.store->load_room("idle")) << "the sweep closed the room in the store";
  auto again = open_and_wait(hub, "idle");
  EXPECT_TRUE(again);
  EXPECT_EQ(hub.metrics.rooms_loaded_total, 2u);
  hub.rooms.stop();
  ioc.run_for(std::chrono::milliseconds(50));
}

// A review of the last game is kept with the room (the tree and whether it is open) and
// comes back, side lines included, when the room is opened from the store again.
TEST(RoomLoading, TheLastGamesReviewIsKeptAndComesBackWithTheRoom) {
  std::string kept_text;
  {
    boost::asio::io_context ioc;
    Hub hub(ioc, Config{}, store_with_finished_room("rev1"));
    auto room = open_and_wait(hub, "rev1");
    ASSERT_TRUE(room) << room.error().message;
    auto a = std::make_shared<RecordingClient>(1);
    (*room)->join(a, {{"type", "join_room"}, {"room", "rev1"}, {"token", "tokenA"}, {"id", 1}});
    // Back to the position after 1. f3 e5, and 2. g3 instead of 2. g4: a side line.
    (*room)->request(a, {{"type", "review_start"}, {"ply", 2}, {"id", 2}});
    (*room)->request(a, {{"type", "review_move"}, {"move", "g2g3"}, {"id", 3}});
    (*room)->request(a, {{"type", "review_goto"}, {"node", 0}, {"id", 4}});
    ioc.run_for(std::chrono::milliseconds(200));
    for (const auto& m : a->messages()) EXPECT_NE(m["type"], "error") << m.dump();
    auto stored = hub.store->load_room("rev1");
    ASSERT_TRUE(stored) << stored.error().message;
    ASSERT_TRUE(stored->review);
    EXPECT_EQ(stored->review->game_no, 1);
    EXPECT_TRUE(stored->review->open);
    EXPECT_NE(stored->review->tree_text.find("( g2g3 )"), std::string::npos)
        << stored->review->tree_text;
    kept_text = stored->review->tree_text;
  }
  boost::asio::io_context ioc;
  auto store = store_with_finished_room("rev1");
  ASSERT_TRUE(store->write(StoredReview{"rev1", 1, kept_text, true, unix_ms()}));
  Hub hub(ioc, Config{}, std::move(store));
  auto room = open_and_wait(hub, "rev1");
  ASSERT_TRUE(room) << room.error().message;
  auto b = std::make_shared<RecordingClient>(2);
  (*room)->join(b, {{"type", "join_room"}, {"room", "rev1"}, {"token", "tokenB"}, {"id", 1}});
  ioc.run_for(std::chrono::milliseconds(200));
  auto got = b->messages();
  ASSERT_GE(got.size(), 2u);
  const auto& review = got[1]["review"];
  ASSERT_TRUE(review.is_object()) << got[1].dump();
  EXPECT_TRUE(review["open"].get<bool>());
  EXPECT_EQ(review["nodes"].size(), 6u);  // the start, the game's 4 moves and 2. g3
  bool side_line = false;
  for (const auto& n : review["nodes"]) side_line |= n["move"] == "g2g3";
  EXPECT_TRUE(side_line);
}

// A connection whose posted work waits until the test runs it, so the test decides what
// the connection does before a room's load comes back.
class DeferringPeer final : public Peer {
 public:
  std::uint64_t client_id() const override { return 99; }
  void send(std::shared_ptr<const std::string> m) override {
    std::lock_guard lock(mu_);
    got_.push_back(json::parse(*m));
  }
  void close(std::uint16_t, std::string) override {}
  void left_room(const Room* room) override {
    if (room_.get() == room) room_.reset();
  }
  int protocol() const override { return 2; }
  const std::string& address() const override { return address_; }
  std::shared_ptr<Room> room() const override { return room_; }
  void enter_room(std::shared_ptr<Room> room) override { room_ = std::move(room); }
  void leave_current_room() override {
    if (auto room = std::move(room_)) room->leave(99);
  }
  void set_protocol(int) override {}
  void post(std::function<void()> work) override {
    std::lock_guard lock(mu_);
    posted_.push_back(std::move(work));
  }
  // Waits (at most 10 s) until `count` pieces of work were posted, then runs them.
  bool run_posted(std::size_t count) {
    for (int i = 0; i < 1000; ++i) {
      std::vector<std::function<void()>> work;
      {
        std::lock_guard lock(mu_);
        if (posted_.size() >= count) work.swap(posted_);
      }
      if (!work.empty()) {
        for (auto& w : work) w();
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }
  std::vector<json> messages() {
    std::lock_guard lock(mu_);
    return got_;
  }

 private:
  std::mutex mu_;
  std::vector<json> got_;
  std::vector<std::function<void()>> posted_;
  std::string address_ = "192.0.2.7";
  std::shared_ptr<Room> room_;
};

// A join that waits for its room to load must not take the connection back from a room it
// chose afterwards: the late answer is stale_version and the connection stays.
TEST(RoomLoading, ALaterRoomChoiceWinsOverAJoinStillLoading) {
  boost::asio::io_context ioc;
  Hub hub(ioc, Config{}, store_with_finished_room("late1"));
  auto peer = std::make_shared<DeferringPeer>();
  std::shared_ptr<Peer> session = peer;
  dispatch_message(hub, session, R"({"type":"join_room","id":7,"room":"late1","token":"tokenA"})");
  dispatch_message(hub, session, R"({"type":"create_room","id":8,"game":"reversi"})");
  auto created = session->room();
  ASSERT_NE(created, nullptr);
  ASSERT_TRUE(peer->run_posted(1));  // the load of late1 comes back now
  ioc.run_for(std::chrono::milliseconds(100));
  EXPECT_EQ(session->room(), created);
  bool refused = false;
  for (const auto& m : peer->messages()) {
    if (m.value("re", json()) != 7) continue;
    EXPECT_EQ(m["type"], "error") << m.dump();
    refused = m.value("code", "") == "stale_version";
  }
  EXPECT_TRUE(refused);
}

}  // namespace
}  // namespace banmen::server
