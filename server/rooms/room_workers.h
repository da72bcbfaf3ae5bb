// Work too heavy for an I/O thread: opening a review (one pass over the finished game
// through the rules core), writing a review's record (every node of its tree), replaying
// a stored room's game when its link is opened, checking a custom variant's definition.
// Done on an I/O thread it holds up every connection and room on that thread; here a small
// pool of worker threads does it, at a lower scheduling priority than the I/O threads.
//
// Shares, so that one room or one address fills neither the pool nor its queue:
// - a room (or a connection's checks) has one job waiting or running at a time;
// - an address's jobs waiting or running cost together at most `per_address_cost`, a cost
//   being what the job replays (plies, tree nodes; a definition's kilobytes). A job
//   dearer than that alone is taken only while its address has nothing else under way;
// - the pool takes the next job address by address in turn, and never runs more than
//   `threads - 1` (at least one) jobs of one address at once: another address's job finds
//   a thread soon, whatever one address asked for.
// A refused job is refused at once (the caller answers `rate_limited`), never queued
// without bound.
//
// A job is two steps: the work, which holds its shares, and the delivery of its result,
// which runs after they are given back. A client answered by the delivery may send its
// next request at once (a review_save right after its review_start, another check of the
// same form); that request then finds the shares as they are, never still counting the
// job that answered it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace banmen::server {

struct RoomWorkerLimits {
  int threads = 2;
  std::size_t per_room = 1;              // jobs waiting or running for one room
  std::uint64_t per_address_cost = 256;  // cost waiting or running for one client address
  std::size_t max_queued = 64;           // jobs waiting or running in all
};

class RoomWorkers {
 public:
  explicit RoomWorkers(RoomWorkerLimits limits = {});
  ~RoomWorkers();
  RoomWorkers(const RoomWorkers&) = delete;
  RoomWorkers& operator=(const RoomWorkers&) = delete;

  // What a job's work hands back: its result's delivery (sending the answer, posting it to
  // a strand), run on the same worker once the job's shares are free again. May be empty.
  using Deliver = std::function<void()>;
  using Work = std::function<Deliver()>;

  enum class Admission { ran, room_busy, address_busy, full, stopped };
  // Runs `work` on a worker thread, counted against `room`'s and `address`'s shares (the
  // address's by `cost`, at least 1) until it returns, then what it returned. Anything but
  // `ran`: nothing runs.
  Admission post(const std::string& room, const std::string& address, std::uint64_t cost,
                 Work work);
  // Finishes the jobs under way and those waiting; later posts are refused `stopped`.
  void stop();

  std::uint64_t jobs_total() const { return jobs_total_; }
  std::uint64_t refused_total() const { return refused_total_; }
  // Whether the calling thread is one of the workers (tests assert where work runs).
  static bool on_worker_thread();

 private:
  struct Job {
    std::string room;
    std::uint64_t cost;
    Work work;
  };
  struct AddressLane {
    std::deque<Job> waiting;
    std::uint64_t cost = 0;  // waiting or running
    std::size_t running = 0;
  };
  void work();
  // The next job in turn whose address may run one more (under mu_); false if none.
  bool take_next(std::string& address, Job& job);
  void done(const std::string& address, const Job& job);

  const RoomWorkerLimits limits_;
  const std::size_t running_per_address_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::map<std::string, std::size_t> by_room_;
  std::map<std::string, AddressLane> by_address_;
  std::string last_address_;  // the address whose job was taken last
  std::size_t queued_ = 0;
  bool stopped_ = false;
  // Made on the first job, so a server (or a test) that never needs one runs no thread.
  std::vector<std::thread> threads_;
  std::atomic<std::uint64_t> jobs_total_{0};
  std::atomic<std::uint64_t> refused_total_{0};
};

}  // namespace banmen::server
