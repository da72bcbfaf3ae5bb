// The room workers (rooms/room_workers.h): heavy requests run on their own threads, and a
// room or an address with its share under way is refused at once rather than queued.
#include "rooms/room_workers.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace banmen::server {
namespace {

// Jobs that wait until the test opens the gate, and counts of those started and finished.
struct WorkGate {
  std::mutex mu;
  std::condition_variable cv;
  bool open = false;
  int started = 0;
  int finished = 0;
  bool on_worker = false;
  std::thread::id ran_on;

  RoomWorkers::Work job() {
    return [this] {
      std::unique_lock lock(mu);
      ran_on = std::this_thread::get_id();
      on_worker = RoomWorkers::on_worker_thread();
      ++started;
      cv.notify_all();
      cv.wait(lock, [this] { return open; });
      ++finished;
      cv.notify_all();
      return RoomWorkers::Deliver{};
    };
  }
  void release() {
    std::lock_guard lock(mu);
    open = true;
    cv.notify_all();
  }
  void wait_started(int n) {
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return started >= n; });
  }
  void wait_finished(int n) {
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return finished >= n; });
  }
  int started_now() {
    std::lock_guard lock(mu);
    return started;
  }
};

using Admission = RoomWorkers::Admission;

TEST(RoomWorkers, EachRoomAndAddressHasItsShare) {
  RoomWorkers workers({.threads = 1, .per_room = 1, .per_address_cost = 10, .max_queued = 3});
  WorkGate gate;
  EXPECT_EQ(workers.post("A", "x", 4, gate.job()), Admission::ran);
  EXPECT_EQ(workers.post("A", "y", 1, gate.job()), Admission::room_busy);  // one per room
  EXPECT_EQ(workers.post("B", "x", 6, gate.job()), Admission::ran);
  // x's jobs cost 10 already: not even the cheapest more.
  EXPECT_EQ(workers.post("C", "x", 1, gate.job()), Admission::address_busy);
  EXPECT_EQ(workers.post("D", "y", 1, gate.job()), Admission::ran);
  EXPECT_EQ(workers.post("E", "z", 1, gate.job()), Admission::full);  // three in all
  EXPECT_EQ(workers.jobs_total(), 3u);
  EXPECT_EQ(workers.refused_total(), 3u);
  gate.release();
  gate.wait_finished(3);
  // The jobs ran on a worker thread, not the caller's.
  EXPECT_NE(gate.ran_on, std::this_thread::get_id());
  EXPECT_TRUE(gate.on_worker);
  EXPECT_FALSE(RoomWorkers::on_worker_thread());
  workers.stop();
  EXPECT_EQ(workers.post("A", "x", 1, gate.job()), Admission::stopped);
}

TEST(RoomWorkers, AJobDearerThanTheShareRunsAloneForItsAddress) {
  // Admission by cost: a 300-ply replay is taken while its address has nothing under way,
  // and then that address gets nothing more until it is done; other addresses do.
  RoomWorkers workers({.threads = 2, .per_room = 1, .per_address_cost = 100, .max_queued = 8});
  WorkGate gate;
  EXPECT_EQ(workers.post("A", "x", 300, gate.job()), Admission::ran);
  EXPECT_EQ(workers.post("B", "x", 1, gate.job()), Admission::address_busy);
  EXPECT_EQ(workers.post("C", "y", 60, gate.job()), Admission::ran);
  EXPECT_EQ(workers.post("D", "y", 40, gate.job()), Admission::ran);
  EXPECT_EQ(workers.post("E", "y", 1, gate.job()), Admission::address_busy);
  gate.release();
  gate.wait_finished(3);
  workers.stop();
}

TEST(RoomWorkers, OneAddressNeverHoldsEveryThread) {
  // x asks for three cheap jobs that block; y's one job still finds a thread: x runs at most
  // threads - 1 at once, the rest of x's wait their turn.
  RoomWorkers workers({.threads = 2, .per_room = 1, .per_address_cost = 100, .max_queued = 8});
  WorkGate x, y;
  y.release();
  for (const char* room : {"A", "B", "C"})
    EXPECT_EQ(workers.post(room, "x", 1, x.job()), Admission::ran);
  x.wait_started(1);
  EXPECT_EQ(workers.post("D", "y", 1, y.job()), Admission::ran);
  y.wait_finished(1);
  EXPECT_EQ(x.started_now(), 1);
  x.release();
  x.wait_finished(3);
  workers.stop();
}

TEST(RoomWorkers, AJobsAnswerFindsItsSharesBack) {
  // A client answered by a job may send its next request at once (review_save right after
  // review_start, the same form's next check): by the time the answer is delivered, the
  // room's and the address's shares are back. The next job is posted from the delivery
  // itself, as the room's strand or a session posts it the moment the answer is in, and
  // each job takes the address's whole share: nothing may still count the one before.
  RoomWorkers workers({.threads = 2, .per_room = 1, .per_address_cost = 10, .max_queued = 8});
  std::mutex mu;
  std::condition_variable cv;
  std::vector<Admission> next;
  std::function<RoomWorkers::Work(int)> job = [&](int left) -> RoomWorkers::Work {
    return [&, left] {
      return RoomWorkers::Deliver([&, left] {
        const Admission a = left > 0 ? workers.post("A", "x", 10, job(left - 1)) : Admission::ran;
        std::lock_guard lock(mu);
        next.push_back(a);
        cv.notify_all();
      });
    };
  };
  ASSERT_EQ(workers.post("A", "x", 10, job(20)), Admission::ran);
  std::unique_lock lock(mu);
  cv.wait(lock,
          [&] { return next.size() == 21 || (!next.empty() && next.back() != Admission::ran); });
  EXPECT_EQ(next, std::vector<Admission>(21, Admission::ran));
  lock.unlock();
  workers.stop();
}

TEST(RoomWorkers, AJobsAnswerRunsOnItsWorkerAfterTheWork) {
  RoomWorkers workers({.threads = 1, .per_room = 1, .per_address_cost = 10, .max_queued = 8});
  std::promise<std::pair<bool, std::thread::id>> delivered;
  std::thread::id worked_on;
  ASSERT_EQ(
      workers.post(
          "A", "x", 1,
          [&] {
            worked_on = std::this_thread::get_id();
            return RoomWorkers::Deliver([&] {
              delivered.set_value({RoomWorkers::on_worker_thread(), std::this_thread::get_id()});
            });
          }),
      Admission::ran);
  const auto [on_worker, id] = delivered.get_future().get();
  EXPECT_TRUE(on_worker);
  EXPECT_EQ(id, worked_on);
  workers.stop();
}

}  // namespace
}  // namespace banmen::server
