// The room workers (rooms/room_workers.h): heavy requests run on their own threads, and a
// room or an address with its share under way is refused at once rather than queued.
#include "rooms/room_workers.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>
#include <thread>

namespace banmen::server {
namespace {

// Jobs that wait until the test opens the gate, and a count of those that finished.
struct WorkGate {
  std::mutex mu;
  std::condition_variable cv;
  bool open = false;
  int finished = 0;
  std::thread::id ran_on;

  std::function<void()> job() {
    return [this] {
      std::unique_lock lock(mu);
      ran_on = std::this_thread::get_id();
      cv.wait(lock, [this] { return open; });
      ++finished;
      cv.notify_all();
    };
  }
  void release() {
    std::lock_guard lock(mu);
    open = true;
    cv.notify_all();
  }
  void wait_finished(int n) {
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return finished >= n; });
  }
};

using Admission = RoomWorkers::Admission;

TEST(RoomWorkers, EachRoomAndAddressHasItsShare) {
  RoomWorkers workers({.threads = 1, .per_room = 1, .per_address = 2, .max_queued = 3});
  WorkGate gate;
  EXPECT_EQ(workers.post("A", "x", gate.job()), Admission::ran);
  EXPECT_EQ(workers.post("A", "y", gate.job()), Admission::room_busy);  // one per room
  EXPECT_EQ(workers.post("B", "x", gate.job()), Admission::ran);
  EXPECT_EQ(workers.post("C", "x", gate.job()), Admission::address_busy);  // two per address
  EXPECT_EQ(workers.post("D", "y", gate.job()), Admission::ran);
  EXPECT_EQ(workers.post("E", "z", gate.job()), Admission::full);  // three in all
  EXPECT_EQ(workers.jobs_total(), 3u);
  EXPECT_EQ(workers.refused_total(), 3u);
  gate.release();
  gate.wait_finished(3);
  // The jobs ran on a worker thread, not the caller's.
  EXPECT_NE(gate.ran_on, std::this_thread::get_id());
  workers.stop();
  EXPECT_EQ(workers.post("A", "x", gate.job()), Admission::stopped);
}

TEST(RoomWorkers, AShareComesBackWhenItsJobIsDone) {
  RoomWorkers workers({.threads = 2, .per_room = 1, .per_address = 1, .max_queued = 8});
  WorkGate gate;
  gate.release();
  for (int i = 1; i <= 5; ++i) {
    // The last job is over; its share comes back just after it returns (a room's next
    // heavy request is taken once the one before it is done).
    Admission a;
    while ((a = workers.post("A", "x", gate.job())) != Admission::ran) {
      ASSERT_EQ(a, Admission::room_busy) << i;
      std::this_thread::yield();
    }
    gate.wait_finished(i);
  }
  workers.stop();
  EXPECT_EQ(gate.finished, 5);
}

}  // namespace
}  // namespace banmen::server
