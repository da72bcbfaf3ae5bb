// The engine worker pool: tasks run on its threads at a lower priority, the queue bound refuses the
// excess at once, cancel() reaches a running search, and destruction stops and finishes every
// accepted task. Every wait is bounded.
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

#include "core/registry.h"
#include "engine/engine.h"

namespace {

using banmen::server::EnginePool;
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

bool eventually(const std::function<bool()>& f) {
  for (int i = 0; i < 1000; ++i) {
    if (f()) return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

TEST(EnginePool, RunsTasksOnItsOwnThreads) {
  EnginePool pool(2, 8);
  std::promise<std::thread::id> ran_on;
  ASSERT_TRUE(
      pool.submit([&](const std::atomic<bool>&) { ran_on.set_value(std::this_thread::get_id()); }));
  auto f = ran_on.get_future();
  ASSERT_EQ(f.wait_for(10s), std::future_status::ready);
  EXPECT_NE(f.get(), std::this_thread::get_id());
  EXPECT_TRUE(eventually([&] { return pool.stats().completed == 1; }));
}

// The workers run at a lower priority than the thread that made the pool (the I/O
// threads, in the server), so people's moves come first when the cores are busy.
TEST(EnginePool, WorkersRunAtALowerPriority) {
  const int ours = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
  EnginePool pool(1, 8);
  std::promise<int> nice_there;
  ASSERT_TRUE(pool.submit([&](const std::atomic<bool>&) {
    nice_there.set_value(getpriority(PRIO_PROCESS, static_cast<id_t>(gettid())));
  }));
  auto f = nice_there.get_future();
  ASSERT_EQ(f.wait_for(10s), std::future_status::ready);
  EXPECT_EQ(f.get(), std::min(ours + EnginePool::kWorkerNice, 19));
  EXPECT_EQ(getpriority(PRIO_PROCESS, static_cast<id_t>(gettid())), ours);  // ours unchanged
}

TEST(EnginePool, AFullQueueRefusesAtOnce) {
  Gate gate;
  EnginePool pool(1, 3);
  auto blocker = [&](const std::atomic<bool>&) { gate.wait(); };
  ASSERT_TRUE(pool.submit(blocker));  // taken by the one worker
  ASSERT_TRUE(eventually([&] { return pool.stats().running == 1; }));
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(pool.submit(blocker)) << i;
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_FALSE(pool.submit(blocker));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1s);  // refused without waiting
  auto s = pool.stats();
  EXPECT_EQ(s.queued, 3u);
  EXPECT_EQ(s.accepted, 4u);
  EXPECT_EQ(s.rejected, 1u);
  gate.open();
  EXPECT_TRUE(eventually([&] { return pool.stats().completed == 4; }));
  EXPECT_TRUE(pool.submit(blocker));  // room again
}

TEST(EnginePool, CancelStopsARunningSearch) {
  EnginePool pool(1, 2);
  auto game = banmen::create_game("shogi");
  ASSERT_TRUE(game.ok());
  std::promise<banmen::Result<banmen::engine::EngineReply>> answer;
  std::atomic<bool> started{false};
  auto handle = pool.submit([&](const std::atomic<bool>& stop) {
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
  handle->cancel();
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
    EnginePool pool(1, 4);
    ASSERT_TRUE(pool.submit(task));
    ASSERT_TRUE(eventually([&] { return pool.stats().running == 1; }));
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(pool.submit(task)) << i;
  }
  EXPECT_EQ(ran.load(), 5);
  EXPECT_EQ(saw_stop.load(), 5);
}

}  // namespace
