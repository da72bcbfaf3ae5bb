#include "rooms/room_workers.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>

namespace banmen::server {

namespace {
thread_local bool t_on_worker = false;

// A worker yields the processor to the I/O threads, by nice +10 as the engine's do (Linux
// keeps a nice value per thread; raising one's own needs no privilege, and a failure only
// leaves it as it was).
void lower_this_threads_priority() {
  const auto self = static_cast<id_t>(gettid());
  (void)setpriority(PRIO_PROCESS, self, std::min(getpriority(PRIO_PROCESS, self) + 10, 19));
}
}  // namespace

RoomWorkers::RoomWorkers(RoomWorkerLimits limits)
    : limits_(limits),
      running_per_address_(static_cast<std::size_t>(std::max(limits.threads - 1, 1))) {}

RoomWorkers::~RoomWorkers() {
  stop();
}

bool RoomWorkers::on_worker_thread() {
  return t_on_worker;
}

RoomWorkers::Admission RoomWorkers::post(const std::string& room, const std::string& address,
                                         std::uint64_t cost, Work work) {
  cost = std::max<std::uint64_t>(cost, 1);
  {
    std::lock_guard lock(mu_);
    const auto lane = by_address_.find(address);
    const std::uint64_t address_cost = lane == by_address_.end() ? 0 : lane->second.cost;
    const auto in_room = by_room_.find(room);
    Admission refused = Admission::ran;
    if (stopped_)
      refused = Admission::stopped;
    else if (queued_ >= limits_.max_queued)
      refused = Admission::full;
    else if (in_room != by_room_.end() && in_room->second >= limits_.per_room)
      refused = Admission::room_busy;
    else if (address_cost > 0 && address_cost + cost > limits_.per_address_cost)
      refused = Admission::address_busy;  // a dear job alone is taken while nothing else is
    if (refused != Admission::ran) {
      ++refused_total_;
      return refused;
    }
    ++queued_;
    ++by_room_[room];
    AddressLane& mine = by_address_[address];
    mine.cost += cost;
    mine.waiting.push_back({room, cost, std::move(work)});
    if (threads_.empty())
      for (int i = 0; i < std::max(limits_.threads, 1); ++i)
        threads_.emplace_back([this] { this->work(); });
    ++jobs_total_;
  }
  wake_.notify_one();
  return Admission::ran;
}

bool RoomWorkers::take_next(std::string& address, Job& job) {
  auto ready = [this](const AddressLane& lane) {
    return !lane.waiting.empty() && lane.running < running_per_address_;
  };
  // In turn: the first ready address after the last one taken, round the ring.
  auto start = by_address_.upper_bound(last_address_);
  auto is_ready = [&](const auto& a) { return ready(a.second); };
  auto it = std::find_if(start, by_address_.end(), is_ready);
  if (it == by_address_.end()) {
    it = std::find_if(by_address_.begin(), start, is_ready);
    if (it == start) return false;
  }
  address = it->first;
  job = std::move(it->second.waiting.front());
  it->second.waiting.pop_front();
  ++it->second.running;
  last_address_ = address;
  return true;
}

void RoomWorkers::work() {
  t_on_worker = true;
  lower_this_threads_priority();
  std::unique_lock lock(mu_);
  for (;;) {
    std::string address;
    Job job;
    wake_.wait(lock, [&] { return take_next(address, job) || (stopped_ && queued_ == 0); });
    if (job.work == nullptr) return;  // stopped, nothing left
    lock.unlock();
    Deliver deliver = job.work();
    job.work = nullptr;  // what it held is let go outside the lock
    lock.lock();
    done(address, job);
    // The result goes out only now: whoever it answers may ask again at once.
    lock.unlock();
    if (deliver) deliver();
    deliver = nullptr;
    lock.lock();
  }
}

void RoomWorkers::done(const std::string& address, const Job& job) {
  --queued_;
  if (auto r = by_room_.find(job.room); r != by_room_.end() && --r->second == 0) by_room_.erase(r);
  if (auto a = by_address_.find(address); a != by_address_.end()) {
    a->second.cost -= job.cost;
    --a->second.running;
    if (a->second.running == 0 && a->second.waiting.empty()) by_address_.erase(a);
  }
  // A share came back: a job held back by its address's running cap may go now.
  wake_.notify_all();
}

void RoomWorkers::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopped_) return;
    stopped_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

}  // namespace banmen::server
