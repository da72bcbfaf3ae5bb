// A fixed set of worker threads for engine searches, with a bounded queue. Searches are
// long and CPU-bound, so they never run on an I/O thread or a room strand: a room submits
// a task here and the task posts its answer back to the room's strand when it is done.
// When the queue is full a submission is refused at once (the caller says the computer
// is busy), so a flood of computer games can neither grow memory nor delay anyone else's
// work beyond these threads.
//
// Every accepted task runs exactly once. A task receives a stop flag: cancel() sets it
// (a running search then ends within about a millisecond with the best move found so far;
// a task still in the queue starts with it already set), and so does the pool's
// destruction, which then waits for every accepted task to finish.
//
// The workers run at a lower scheduling priority (kWorkerNice more nice, at most 19) than
// the rest of the process: when the machine's cores are all busy, the kernel gives the I/O threads
// and the rooms' strands their time first, so a flood of computer games slows the computer's
// thinking (it searches less deep in its time) rather than the people's moves.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace banmen::server {

class EnginePool {
 public:
  using Task = std::function<void(const std::atomic<bool>& stop)>;

  // A submitted task: cancel() asks it to stop early; harmless once it has finished.
  class Handle {
   public:
    void cancel() { stop_.store(true, std::memory_order_relaxed); }
    bool cancelled() const { return stop_.load(std::memory_order_relaxed); }

   private:
    friend class EnginePool;
    std::atomic<bool> stop_{false};
  };

  struct Stats {
    std::size_t queued = 0, running = 0;
    std::uint64_t accepted = 0, rejected = 0, completed = 0;
  };

  static constexpr int kWorkerNice = 10;

  // `threads` >= 1 workers; at most `queue_limit` tasks waiting (not counting running ones).
  EnginePool(int threads, std::size_t queue_limit);
  ~EnginePool();
  EnginePool(const EnginePool&) = delete;
  EnginePool& operator=(const EnginePool&) = delete;

  // Queues `task`; nullptr when the queue is full or the pool is shutting down.
  std::shared_ptr<Handle> submit(Task task);
  Stats stats() const;

 private:
  struct Entry {
    Task task;
    std::shared_ptr<Handle> handle;
  };
  void work();

  const std::size_t queue_limit_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Entry> queue_;
  std::vector<std::shared_ptr<Handle>> running_;
  bool stopping_ = false;
  Stats stats_;
  std::vector<std::thread> threads_;
};

}  // namespace banmen::server
