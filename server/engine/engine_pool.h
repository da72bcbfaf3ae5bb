// A fixed set of worker threads for engine searches. Searches are long and CPU-bound, so
// they never run on an I/O thread or a room strand: a room submits a task here and the task
// posts its answer back to the room's strand when it is done.
//
// The machine is shared fairly (docs/engine.md, "Sharing the engine"). Every task names its
// owner, a room and the client address the room counts against, and:
// - a room has at most one task running; its later ones wait behind it;
// - an address has at most `per_address` tasks waiting or running; one more is refused at
//   once (Refusal::address_full), as is any task once `queue_limit` tasks wait
//   (Refusal::queue_full), so a flood can neither grow memory nor push others back;
// - a free thread takes the next task in turn over the addresses (round robin), then over
//   that address's rooms, then the room's oldest: a newcomer waits for at most one task of
//   each other address, however many rooms those addresses fill.
//
// A task receives a stop flag and may return its result's delivery (posting the answer to
// its room): the pool runs that on the same worker once the task's room and address shares
// are free again, so an owner that asks anew the moment it reads an answer finds its place.
//
// A task's stop flag: The owner's cancel() sets it: a running search then ends
// within about a millisecond with the best move found so far, and a task still waiting is
// dropped without running (its owner has forgotten it). Every other accepted task runs
// exactly once; the pool's destruction sets every stop flag and waits for all of them, so
// the waiting ones start with it already set and end at once.
//
// The workers run at a lower scheduling priority (kWorkerNice more nice, at most 19) than
// the rest of the process: when the machine's cores are all busy, the kernel gives the I/O threads
// and the rooms' strands their time first, so a flood of computer games slows the computer's
// thinking (it searches less deep in its time) rather than the people's moves.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "util/engine_stats.h"

namespace banmen::server {

class EnginePool {
 public:
  // What a task's work hands back: its answer's delivery, run after its shares are free.
  using Deliver = std::function<void()>;
  using Task = std::function<Deliver(const std::atomic<bool>& stop)>;

  // Whose task it is. A room always names the same address.
  struct Owner {
    std::string room;
    std::string address;
  };

  // A submitted task: cancel() asks it to stop early (or, still waiting, never to start);
  // harmless once it has finished.
  class Handle {
   public:
    void cancel() {
      withdrawn_.store(true, std::memory_order_relaxed);
      stop_.store(true, std::memory_order_relaxed);
    }

   private:
    friend class EnginePool;
    std::atomic<bool> stop_{false};
    std::atomic<bool> withdrawn_{false};  // by its owner (not by the pool's shutdown)
  };

  enum class Refusal { none, queue_full, address_full, stopping };

  // submit()'s answer: the task's handle, or why it was refused.
  struct Admission {
    std::shared_ptr<Handle> handle;
    Refusal refusal = Refusal::none;
    explicit operator bool() const { return handle != nullptr; }
  };

  static constexpr int kWorkerNice = 10;

  // `threads` >= 1 workers; at most `queue_limit` tasks waiting (not counting running ones)
  // and `per_address` (>= 1) waiting or running for one address.
  EnginePool(int threads, std::size_t queue_limit, std::size_t per_address);
  ~EnginePool();
  EnginePool(const EnginePool&) = delete;
  EnginePool& operator=(const EnginePool&) = delete;

  // Queues `task` for `owner`, or refuses it at once. A task that returns nothing delivers
  // nothing after its work (its work delivers, or nobody waits for it).
  Admission submit(const Owner& owner, Task task);
  template <class Work>
  requires std::is_void_v < std::invoke_result_t < Work&, const std::atomic<bool>
  & >> Admission submit(const Owner& owner, Work work) {
    return submit(owner, [work = std::move(work)](const std::atomic<bool>& stop) mutable {
      work(stop);
      return Deliver{};
    });
  }
  EngineStats stats() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Entry {
    Task task;
    std::shared_ptr<Handle> handle;
    Clock::time_point since;
  };
  struct RoomLane {
    std::deque<Entry> waiting;
    bool running = false;
  };
  struct AddressLanes {
    std::map<std::string, RoomLane> rooms;
    std::size_t held = 0;   // waiting or running
    std::string last_room;  // served last: the turn goes on after it
  };
  struct Next {
    std::string address, room;
    Entry entry;
  };

  void work();
  // Drops the tasks their owners withdrew before they started (the lock held).
  void drop_withdrawn();
  // The next task in turn, taken out of its lane (its room marked running); false if none.
  bool take_next(Next& next);
  // A task of `address`/`room` finished: the lane is free, or gone once empty.
  void finished(const std::string& address, const std::string& room);

  const std::size_t queue_limit_;
  const std::size_t per_address_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::map<std::string, AddressLanes> addresses_;
  std::string last_address_;  // served last
  std::size_t waiting_ = 0;
  std::vector<std::shared_ptr<Handle>> running_;
  bool stopping_ = false;
  EngineStats stats_;
  std::vector<std::thread> threads_;
};

}  // namespace banmen::server
