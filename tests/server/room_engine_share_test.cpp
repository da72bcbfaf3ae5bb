// A room's share of the engine pool, driven directly (no sockets): the computer's clock
// stands while its search waits for an engine thread, so a queue, however long, never
// flags it; and a hint beyond its address's share of the pool is refused engine_busy. The
// pool's one thread is held by a task of the test's own, so who waits is decided, not raced.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>

#include "app/hub.h"
#include "recording_client.h"
#include "rooms/room.h"
#include "rooms/room_options.h"
#include "storage/memory_store.h"
#include "util/time.h"

namespace banmen::server {
namespace {

using namespace std::chrono_literals;

// A gate a pool task waits at until the test opens it (at the latest when it ends).
class Gate {
 public:
  void open() {
    std::lock_guard lock(m_);
    open_ = true;
    cv_.notify_all();
  }
  void wait() {
    std::unique_lock lock(m_);
    cv_.wait_for(lock, 30s, [this] { return open_; });
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  bool open_ = false;
};

constexpr const char* kAddress = "203.0.113.1";

class RoomEngineShare : public ::testing::Test {
 protected:
  void start(Config config, const nlohmann::json& create) {
    hub_ = std::make_unique<Hub>(ioc_, std::move(config), std::make_unique<MemoryStore>());
    auto room = hub_->rooms.create(kAddress);
    ASSERT_TRUE(room);
    room_ = *room;
    auto options = parse_room_options(create);
    ASSERT_TRUE(options) << options.error().message;
    room_->create(host_, *options, "Host", 1);
  }
  void TearDown() override {
    gate_->open();
    if (room_) room_->shutdown();
    run_for(50ms);
  }
  // Runs the room's I/O until `done` or 20 s; the engine's answers come from its threads.
  bool run_until(const std::function<bool()>& done) {
    auto guard = boost::asio::make_work_guard(ioc_);
    for (int i = 0; i < 1000; ++i) {
      if (done()) return true;
      ioc_.restart();
      ioc_.run_for(20ms);
    }
    return done();
  }
  void run_for(std::chrono::milliseconds ms) {
    auto guard = boost::asio::make_work_guard(ioc_);
    ioc_.restart();
    ioc_.run_for(ms);
  }
  // The pool's one thread is taken by a task of `address` (another room's) until open.
  bool hold_the_engine(const std::string& address) {
    auto held = hub_->engine.submit({"elsewhere", address},
                                    [g = gate_](const std::atomic<bool>&) { g->wait(); });
    return held && run_until([&] { return hub_->engine.stats().running == 1; });
  }
  // The last message of `type` the client got (null if none).
  static nlohmann::json last(RecordingClient& c, const std::string& type) {
    nlohmann::json found;
    for (const auto& j : c.messages())
      if (j["type"] == type) found = j;
    return found;
  }
  static int count(RecordingClient& c, const std::string& type) {
    int n = 0;
    for (const auto& j : c.messages()) n += j["type"] == type ? 1 : 0;
    return n;
  }
  // Plays the first of `legal` for the host, at the version of the last event it saw.
  void host_plays(const nlohmann::json& legal, const std::string& id) {
    ASSERT_TRUE(legal.is_array() && !legal.empty());
    std::int64_t version = 0;
    for (const auto& j : host_->messages())
      if (j.contains("version") && j["version"].is_number()) version = j["version"];
    room_->request(host_,
                   {{"type", "move"}, {"move", legal[0]}, {"version", version}, {"move_id", id}});
  }
  int computer_moves() {
    int n = 0;
    for (const auto& j : host_->messages()) n += j["type"] == "move" && j["seat"] == 1 ? 1 : 0;
    return n;
  }

  boost::asio::io_context ioc_;
  std::unique_ptr<Hub> hub_;
  std::shared_ptr<Room> room_;
  std::shared_ptr<Gate> gate_ = std::make_shared<Gate>();
  std::shared_ptr<RecordingClient> host_ = std::make_shared<RecordingClient>(1);
  std::shared_ptr<RecordingClient> guest_ = std::make_shared<RecordingClient>(2);
};

// The attack of issue 33: the computer of a room on a short clock waits in the queue longer
// than its whole clock. Charged for the wait, its flag fell before its search began; now its
// clock stands until the search starts, and it moves.
TEST_F(RoomEngineShare, AComputerWaitingForTheEngineIsNeverFlaggedByTheWait) {
  constexpr std::int64_t kClockMs = 2000;
  Config config;
  config.engine_threads = 1;
  start(config, {{"type", "create_room"},
                 {"game", "chess"},
                 {"side", "first"},
                 {"computer", {{"level", 1}}},
                 {"clock", {{"kind", "fischer"}, {"base_ms", kClockMs}, {"increment_ms", 0}}}});
  ASSERT_TRUE(run_until([&] {
    const auto snap = last(*host_, "snapshot");
    return !snap.is_null() && snap["status"] == "playing";
  }));
  // Each side's first move is untimed; the computer's clock runs from its second.
  ASSERT_NO_FATAL_FAILURE(host_plays(last(*host_, "snapshot")["legal_moves"], "h1"));
  ASSERT_TRUE(run_until([&] { return computer_moves() == 1; }));
  ASSERT_TRUE(hold_the_engine("198.51.100.1"));
  ASSERT_NO_FATAL_FAILURE(host_plays(last(*host_, "move")["legal_moves"], "h2"));
  ASSERT_TRUE(run_until([&] { return count(*host_, "move") == 3; }));
  // The computer's search waits behind the other room's.
  ASSERT_TRUE(run_until([&] { return hub_->engine.stats().queued == 1; }));
  // Longer than its whole clock passes in the queue: no flag falls.
  const std::int64_t waited_from = steady_ms();
  ASSERT_TRUE(run_until([&] {
    return steady_ms() - waited_from > kClockMs + 300 || count(*host_, "game_over") > 0;
  }));
  EXPECT_EQ(count(*host_, "game_over"), 0) << last(*host_, "game_over").dump();
  EXPECT_EQ(hub_->engine.stats().queued, 1u);
  // Its turn comes: it thinks and moves, its clock not flagged.
  gate_->open();
  ASSERT_TRUE(run_until([&] { return computer_moves() == 2 || count(*host_, "game_over") > 0; }));
  EXPECT_EQ(computer_moves(), 2);
  EXPECT_EQ(count(*host_, "game_over"), 0) << last(*host_, "game_over").dump();
  const auto after = last(*host_, "move");
  EXPECT_GT(after["clock"]["remaining_ms"][1].get<std::int64_t>(), 0) << after.dump();
}

// A review hint beyond the room's address's share of the pool is refused at once, with a
// code of its own; once the address's place is free the same asker gets its hint.
TEST_F(RoomEngineShare, AHintBeyondItsAddressesShareIsRefusedEngineBusy) {
  Config config;
  config.engine_threads = 1;
  config.engine_per_address = 1;
  start(config, {{"type", "create_room"}, {"game", "reversi"}});
  room_->join(guest_, {{"type", "join_room"}, {"room", room_->id()}, {"id", 2}});
  ASSERT_TRUE(run_until([&] {
    const auto snap = last(*host_, "snapshot");
    return !snap.is_null() && snap["status"] == "playing";
  }));
  room_->request(host_, {{"type", "resign"}, {"id", 3}});
  ASSERT_TRUE(run_until([&] { return count(*host_, "game_over") == 1; }));
  room_->request(host_, {{"type", "review_start"}, {"id", 4}});
  ASSERT_TRUE(run_until([&] { return count(*host_, "review") > 0; }));
  // Another room of the same address holds the address's one place.
  ASSERT_TRUE(hold_the_engine(kAddress));
  room_->request(host_, {{"type", "review_hint"}, {"id", 5}});
  ASSERT_TRUE(run_until([&] { return count(*host_, "error") > 0; }));
  const auto refused = last(*host_, "error");
  EXPECT_EQ(refused["code"], "engine_busy") << refused.dump();
  EXPECT_EQ(refused["re"], 5);
  EXPECT_EQ(hub_->engine.stats().refused_address, 1u);
  gate_->open();
  ASSERT_TRUE(run_until([&] { return hub_->engine.stats().running == 0; }));
  room_->request(host_, {{"type", "review_hint"}, {"id", 6}});
  ASSERT_TRUE(
      run_until([&] { return count(*host_, "review_hint") > 0 || count(*host_, "error") > 1; }));
  const auto hint = last(*host_, "review_hint");
  ASSERT_FALSE(hint.is_null()) << last(*host_, "error").dump();
  EXPECT_EQ(hint["re"], 6);
}

}  // namespace
}  // namespace banmen::server
