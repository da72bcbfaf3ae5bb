// Work too heavy for an I/O thread, asked for by a room's request: opening a review (one
// pass over the finished game through the rules core) and writing a review's record (every
// node of its tree). Done on an I/O thread it holds up every connection and room on that
// thread; here a small pool of worker threads does it, and each room and each client
// address has a share of the pool (one job at a time per room, a few per address), so one
// room or one address can fill neither the pool nor its queue. A refused job is refused at
// once (the room answers `busy`), never queued without bound.
#pragma once

#include <atomic>
#include <boost/asio/thread_pool.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace banmen::server {

struct RoomWorkerLimits {
  int threads = 2;
  std::size_t per_room = 1;     // jobs waiting or running for one room
  std::size_t per_address = 2;  // ... for one client address
  std::size_t max_queued = 64;  // ... in all
};

class RoomWorkers {
 public:
  explicit RoomWorkers(RoomWorkerLimits limits = {});
  ~RoomWorkers();
  RoomWorkers(const RoomWorkers&) = delete;
  RoomWorkers& operator=(const RoomWorkers&) = delete;

  enum class Admission { ran, room_busy, address_busy, full, stopped };
  // Runs `work` on a worker thread, counted against `room`'s and `address`'s shares until
  // it returns. Anything but `ran`: nothing runs.
  Admission post(const std::string& room, const std::string& address, std::function<void()> work);
  // Finishes the jobs under way; later posts are refused `stopped`.
  void stop();

  std::uint64_t jobs_total() const { return jobs_total_; }
  std::uint64_t refused_total() const { return refused_total_; }

 private:
  void done(const std::string& room, const std::string& address);

  const RoomWorkerLimits limits_;
  std::mutex mu_;
  std::map<std::string, std::size_t> by_room_;
  std::map<std::string, std::size_t> by_address_;
  std::size_t queued_ = 0;
  bool stopped_ = false;
  // Made on the first job, so a server (or a test) that never needs one runs no thread.
  std::optional<boost::asio::thread_pool> pool_;
  std::atomic<std::uint64_t> jobs_total_{0};
  std::atomic<std::uint64_t> refused_total_{0};
};

}  // namespace banmen::server
