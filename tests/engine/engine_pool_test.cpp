// The engine worker pool: tasks run on its threads at a lower priority, the queue bound refuses the
// excess at once, cancel() reaches a running search, and destruction stops and finishes every
// accepted task. Its share: one task per room at a time, a bound per address, and turns taken
// over addresses and rooms rather than in arrival order (asserted by the order tasks run in,
// never by times). Every wait is bounded.
#include "engine/engine_pool.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>

#include "engine/engine.h"
#include "games/registry.h"

namespace {

using banmen::server::EnginePool;
using Owner = EnginePool::Owner;
using namespace std::chrono_literals;

// A gate tasks wait at until the test opens it (or a time limit passes).
class Gate {
 public:
  void open() {
    std::lock_guard lock(m_);
    open_ = true;
    cv_.notify_all();
  }
  bool wait() {
    std::unique_lock lock(m_);
    return cv_.wait_for(lock, 10s, [this] { return open_; });
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  bool open_ = false;
};

// "r3": GCC 12 misreads `"r" + std::to_string(i)` as an overlapping copy (-Wrestrict).
std::string numbered(const char* prefix, int i) {
  std::string s(prefix);
  s += std::to_string(i);
  return s;
}

bool eventually(const std::function<bool()>& f) {
  for (int i = 0; i < 1000; ++i) {
    if (f()) return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

TEST(EnginePool, RunsTasksOnItsOwnThreads) {
  EnginePool pool(2, 8, 4);
  std::promise<std::thread::id> ran_on;
  ASSERT_TRUE(pool.submit(
      {"r", "a"}, [&](const std::atomic<bool>&) { ran_on.set_value(std::this_thread::get_id()); }));
  auto f = ran_on.get_future();
  ASSERT_EQ(f.wait_for(10s), std::future_status::ready);
  EXPECT_NE(f.get(), std::this_thread::get_id());
  EXPECT_TRUE(eventually([&] { return pool.stats().completed == 1; }));
}

// The workers run at a lower priority than the thread that made the pool (the I/O
// threads, in the server), so people's moves come first when the cores are busy.
TEST(EnginePool, WorkersRunAtALowerPriority) {
  const int ours = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
  EnginePool pool(1, 8, 4);
  std::promise<int> nice_there;
  ASSERT_TRUE(pool.submit({"r", "a"}, [&](const std::atomic<bool>&) {
    nice_there.set_value(getpriority(PRIO_PROCESS, static_cast<id_t>(gettid())));
  }));
  auto f = nice_there.get_future();
  ASSERT_EQ(f.wait_for(10s), std::future_status::ready);
  EXPECT_EQ(f.get(), std::min(ours + EnginePool::kWorkerNice, 19));
  EXPECT_EQ(getpriority(PRIO_PROCESS, static_cast<id_t>(gettid())), ours);  // ours unchanged
}

TEST(EnginePool, AFullQueueRefusesAtOnce) {
  Gate gate;
  EnginePool pool(1, 3, 4);
  auto blocker = [&](const std::atomic<bool>&) { gate.wait(); };
  // Each from an address of its own: only the queue's bound is reached.
  auto owner = [](int i) { return Owner{numbered("room", i), numbered("10.0.0.", i)}; };
  ASSERT_TRUE(pool.submit(owner(0), blocker));  // taken by the one worker
  ASSERT_TRUE(eventually([&] { return pool.stats().running == 1; }));
  for (int i = 1; i <= 3; ++i) EXPECT_TRUE(pool.submit(owner(i), blocker)) << i;
  const auto t0 = std::chrono::steady_clock::now();
  const auto refused = pool.submit(owner(4), blocker);
  EXPECT_FALSE(refused);
  EXPECT_EQ(refused.refusal, EnginePool::Refusal::queue_full);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1s);  // refused without waiting
  auto s = pool.stats();
  EXPECT_EQ(s.queued, 3u);
  EXPECT_EQ(s.accepted, 4u);
  EXPECT_EQ(s.refused_queue, 1u);
  gate.open();
  EXPECT_TRUE(eventually([&] { return pool.stats().completed == 4; }));
  EXPECT_TRUE(pool.submit(owner(4), blocker));  // room again
}

TEST(EnginePool, CancelStopsARunningSearch) {
  EnginePool pool(1, 2, 4);
  auto game = banmen::create_game("shogi");
  ASSERT_TRUE(game.ok());
  std::promise<banmen::Result<banmen::engine::EngineReply>> answer;
  std::atomic<bool> started{false};
  auto handle = pool.submit({"r", "a"}, [&](const std::atomic<bool>& stop) {
    started = true;
    banmen::engine::EngineRequest r;
    r.level = 8;  // ten seconds of thinking unless stopped
    r.stop = &stop;
    answer.set_value(banmen::engine::think(**game, banmen::Viewer::seat0, r));
  });
  ASSERT_TRUE(handle);
  ASSERT_TRUE(eventually([&] { return started.load(); }));
  std::this_thread::sleep_for(50ms);
  const auto t0 = std::chrono::steady_clock::now();
  handle.handle->cancel();
  auto f = answer.get_future();
  ASSERT_EQ(f.wait_for(5s), std::future_status::ready);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 3s);
  auto reply = f.get();
  ASSERT_TRUE(reply.ok());
  const auto legal = (*game)->legal_moves();
  EXPECT_NE(std::find(legal.begin(), legal.end(), reply->move), legal.end());
}

TEST(EnginePool, DestructionStopsAndFinishesEveryAcceptedTask) {
  std::atomic<int> ran{0}, saw_stop{0};
  auto task = [&](const std::atomic<bool>& stop) {
    for (int k = 0; k < 1000 && !stop.load(); ++k) std::this_thread::sleep_for(10ms);
    ++ran;
    if (stop.load()) ++saw_stop;
  };
  {
    EnginePool pool(1, 4, 8);
    ASSERT_TRUE(pool.submit({"r", "a"}, task));
    ASSERT_TRUE(eventually([&] { return pool.stats().running == 1; }));
    // Two behind the running one in its room, two in another room.
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(pool.submit({i < 2 ? "r" : "s", "a"}, task)) << i;
  }
  EXPECT_EQ(ran.load(), 5);
  EXPECT_EQ(saw_stop.load(), 5);
}

// The order tasks run in, as the pool hands them to its one thread: each task writes its
// label when it starts. A gated task holds the thread while the test queues the others.
class RunOrder {
 public:
  EnginePool::Task task(std::string label) {
    return [this, label = std::move(label)](const std::atomic<bool>&) {
      std::lock_guard lock(m_);
      order_.push_back(label);
      return EnginePool::Deliver{};
    };
  }
  std::vector<std::string> order() {
    std::lock_guard lock(m_);
    return order_;
  }
  std::ptrdiff_t position(const std::string& label) {
    const auto o = order();
    return std::find(o.begin(), o.end(), label) - o.begin();
  }

 private:
  std::mutex m_;
  std::vector<std::string> order_;
};

// Holds the pool's one thread with a task of its own address until open() (or 10 s). The
// task shares the gate, so it stays valid whenever the test ends.
struct Blocker {
  explicit Blocker(EnginePool& pool) {
    const bool accepted = static_cast<bool>(pool.submit(
        {"blocker", "192.0.2.99"}, [g = gate](const std::atomic<bool>&) { g->wait(); }));
    EXPECT_TRUE(accepted);
    EXPECT_TRUE(eventually([&] { return pool.stats().running == 1; }));
  }
  ~Blocker() { gate->open(); }
  void open() { gate->open(); }
  std::shared_ptr<Gate> gate = std::make_shared<Gate>();
};

// The attack of issue 33: seventeen rooms of one address each ask for a long search, then
// another address's room asks for one. In arrival order it would run last, after all
// seventeen; in turns over addresses it runs as soon as one of the flood's has.
TEST(EnginePool, OneAddressesManyRoomsCannotPushAnotherRoomBack) {
  EnginePool pool(1, 64, 32);
  RunOrder runs;
  Blocker blocker(pool);
  for (int i = 0; i < 17; ++i) {
    const std::string room = numbered("flood", i);
    ASSERT_TRUE(pool.submit({room, "198.51.100.7"}, runs.task(room))) << i;
  }
  ASSERT_TRUE(pool.submit({"victim", "203.0.113.5"}, runs.task("victim")));
  EXPECT_EQ(pool.stats().queued, 18u);
  blocker.open();
  ASSERT_TRUE(eventually([&] { return pool.stats().completed == 19; }));
  EXPECT_LE(runs.position("victim"), 1)
      << "the victim ran after " << runs.position("victim") << " of the flood's searches";
  EXPECT_EQ(runs.order().size(), 18u);
}

// Within one address the rooms take turns too: a room that asked three times does not go
// three times before a room that asked once.
TEST(EnginePool, RoomsOfOneAddressTakeTurns) {
  EnginePool pool(1, 64, 8);
  RunOrder runs;
  Blocker blocker(pool);
  for (const char* label : {"x1", "x2", "x3"})
    ASSERT_TRUE(pool.submit({"x", "a"}, runs.task(label)));
  ASSERT_TRUE(pool.submit({"y", "a"}, runs.task("y1")));
  blocker.open();
  ASSERT_TRUE(eventually([&] { return pool.stats().completed == 5; }));
  EXPECT_EQ(runs.order(), (std::vector<std::string>{"x1", "y1", "x2", "x3"}));
}

// One search per room at a time: with two threads and a room's first search running, its
// second waits while another room's search takes the free thread.
TEST(EnginePool, ARoomRunsOneSearchAtATime) {
  Gate first_gate, other_gate;  // outlive the pool, whose destruction waits for its tasks
  EnginePool pool(2, 64, 8);
  std::atomic<bool> second_started{false};
  ASSERT_TRUE(pool.submit({"x", "a"}, [&](const std::atomic<bool>&) { first_gate.wait(); }));
  ASSERT_TRUE(eventually([&] { return pool.stats().running == 1; }));
  ASSERT_TRUE(pool.submit({"x", "a"}, [&](const std::atomic<bool>&) { second_started = true; }));
  ASSERT_TRUE(pool.submit({"y", "b"}, [&](const std::atomic<bool>&) { other_gate.wait(); }));
  // The other room's search took the second thread; the room's own second still waits.
  ASSERT_TRUE(eventually([&] { return pool.stats().running == 2; }));
  EXPECT_EQ(pool.stats().queued, 1u);
  EXPECT_FALSE(second_started.load());
  first_gate.open();
  EXPECT_TRUE(eventually([&] { return second_started.load(); }));
  other_gate.open();
  EXPECT_TRUE(eventually([&] { return pool.stats().completed == 3; }));
}

// An address holds at most its share of the pool, waiting and running together: one more
// is refused at once with its own reason, while another address is still taken.
TEST(EnginePool, AnAddressOverItsShareIsRefused) {
  Gate gate;
  EnginePool pool(1, 64, 3);
  auto wait_at_gate = [&](const std::atomic<bool>&) { gate.wait(); };
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(pool.submit({numbered("r", i), "a"}, wait_at_gate)) << i;
  const auto over = pool.submit({"r3", "a"}, wait_at_gate);
  EXPECT_FALSE(over);
  EXPECT_EQ(over.refusal, EnginePool::Refusal::address_full);
  EXPECT_TRUE(pool.submit({"s", "b"}, wait_at_gate));
  auto s = pool.stats();
  EXPECT_EQ(s.refused_address, 1u);
  EXPECT_EQ(s.refused_queue, 0u);
  EXPECT_EQ(s.accepted, 4u);
  gate.open();
  ASSERT_TRUE(eventually([&] { return pool.stats().completed == 4; }));
  EXPECT_TRUE(pool.submit({"r3", "a"}, wait_at_gate));  // its share is free again
}

// A task's delivery runs once its room's and its address's places are free: an owner that
// asks again the moment it reads an answer is accepted, even with a share of one.
TEST(EnginePool, ATasksAnswerFindsItsPlaceFreeAgain) {
  EnginePool pool(1, 64, 1);
  std::promise<bool> asked_again;
  ASSERT_TRUE(pool.submit({"r", "a"}, [&](const std::atomic<bool>&) -> EnginePool::Deliver {
    return [&] {
      // What a room does when the answer reaches it: the next search at once.
      asked_again.set_value(
          static_cast<bool>(pool.submit({"r", "a"}, [](const std::atomic<bool>&) {})));
    };
  }));
  auto f = asked_again.get_future();
  ASSERT_EQ(f.wait_for(10s), std::future_status::ready);
  EXPECT_TRUE(f.get());
  EXPECT_TRUE(eventually([&] { return pool.stats().completed == 2; }));
  EXPECT_EQ(pool.stats().refused_address, 0u);
}

// A waiting task its owner cancels never runs and gives its place back at once.
TEST(EnginePool, ACancelledWaitingTaskNeverRunsAndFreesItsPlace) {
  EnginePool pool(1, 64, 2);
  RunOrder runs;
  Blocker blocker(pool);
  auto first = pool.submit({"x", "a"}, runs.task("cancelled"));
  ASSERT_TRUE(first);
  ASSERT_TRUE(pool.submit({"y", "a"}, runs.task("y")));
  EXPECT_FALSE(pool.submit({"z", "a"}, runs.task("z")));  // the address's two places taken
  first.handle->cancel();
  ASSERT_TRUE(pool.submit({"x", "a"}, runs.task("x again")));  // the room asks anew
  EXPECT_EQ(pool.stats().queued, 2u);
  blocker.open();
  ASSERT_TRUE(eventually([&] { return pool.stats().completed == 3; }));
  const auto order = runs.order();
  EXPECT_EQ(std::count(order.begin(), order.end(), "cancelled"), 0);
  EXPECT_EQ(order.size(), 2u);
}

// Each started task's wait for a thread and its time on it are measured.
TEST(EnginePool, QueueWaitAndSearchTimeAreMeasured) {
  EnginePool pool(1, 64, 8);
  RunOrder runs;
  Blocker blocker(pool);
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(pool.submit({numbered("r", i), "a"}, runs.task(std::to_string(i))));
  blocker.open();
  ASSERT_TRUE(eventually([&] { return pool.stats().completed == 4; }));
  const auto s = pool.stats();
  EXPECT_EQ(s.queue_wait_ms.count(), 4u);
  EXPECT_EQ(s.search_ms.count(), 4u);
  EXPECT_EQ(s.search_ms.cumulative(s.search_ms.bounds().size()), 4u);
  EXPECT_EQ(s.queued, 0u);
  EXPECT_EQ(s.running, 0u);
}

}  // namespace
