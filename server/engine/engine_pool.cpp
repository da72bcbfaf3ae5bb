#include "engine/engine_pool.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>

namespace banmen::server {

namespace {
// Linux keeps a nice value per thread: PRIO_PROCESS with a thread id reads and sets this
// thread's only (a new thread starts with its creator's). Raising one's own nice needs no
// privilege; a failure leaves the priority as it was, still correct, only less kind to the
// rest of the process.
void lower_this_threads_priority(int by) {
  const auto self = static_cast<id_t>(gettid());
  (void)setpriority(PRIO_PROCESS, self, std::min(getpriority(PRIO_PROCESS, self) + by, 19));
}

double ms_between(std::chrono::steady_clock::time_point a,
                  std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

// The first key of `m` after `last` in a ring: the one after it, or the first again.
template <class Map, class Ready>
typename Map::iterator next_in_turn(Map& m, const std::string& last, Ready ready) {
  auto start = m.upper_bound(last);
  for (auto it = start; it != m.end(); ++it)
    if (ready(it->second)) return it;
  for (auto it = m.begin(); it != start; ++it)
    if (ready(it->second)) return it;
  return m.end();
}
}  // namespace

EnginePool::EnginePool(int threads, std::size_t queue_limit, std::size_t per_address)
    : queue_limit_(queue_limit), per_address_(std::max<std::size_t>(per_address, 1)) {
  const int n = std::max(threads, 1);
  threads_.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) threads_.emplace_back([this] { work(); });
}

EnginePool::~EnginePool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    drop_withdrawn();
    for (auto& [address, lanes] : addresses_)
      for (auto& [room, lane] : lanes.rooms)
        for (auto& e : lane.waiting) e.handle->stop_.store(true, std::memory_order_relaxed);
    for (auto& h : running_) h->stop_.store(true, std::memory_order_relaxed);
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

EnginePool::Admission EnginePool::submit(const Owner& owner, Task task) {
  auto handle = std::make_shared<Handle>();
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return {nullptr, Refusal::stopping};
    // Places held by tasks nobody wants any more are free again.
    drop_withdrawn();
    auto found = addresses_.find(owner.address);
    if (found != addresses_.end() && found->second.held >= per_address_) {
      ++stats_.refused_address;
      return {nullptr, Refusal::address_full};
    }
    if (waiting_ >= queue_limit_) {
      ++stats_.refused_queue;
      return {nullptr, Refusal::queue_full};
    }
    AddressLanes& lanes = addresses_[owner.address];
    lanes.rooms[owner.room].waiting.push_back({std::move(task), handle, Clock::now()});
    ++lanes.held;
    ++waiting_;
    ++stats_.accepted;
  }
  wake_.notify_one();
  return {handle, Refusal::none};
}

EngineStats EnginePool::stats() const {
  std::lock_guard lock(mutex_);
  EngineStats s = stats_;
  s.queued = 0;
  for (const auto& [address, lanes] : addresses_)
    for (const auto& [room, lane] : lanes.rooms)
      for (const auto& e : lane.waiting)
        if (!e.handle->withdrawn_.load(std::memory_order_relaxed)) ++s.queued;
  s.running = running_.size();
  return s;
}

void EnginePool::drop_withdrawn() {
  for (auto a = addresses_.begin(); a != addresses_.end();) {
    AddressLanes& lanes = a->second;
    for (auto r = lanes.rooms.begin(); r != lanes.rooms.end();) {
      RoomLane& lane = r->second;
      const auto dropped = std::erase_if(lane.waiting, [](const Entry& e) {
        return e.handle->withdrawn_.load(std::memory_order_relaxed);
      });
      lanes.held -= dropped;
      waiting_ -= dropped;
      r = lane.waiting.empty() && !lane.running ? lanes.rooms.erase(r) : std::next(r);
    }
    a = lanes.rooms.empty() ? addresses_.erase(a) : std::next(a);
  }
}

bool EnginePool::take_next(Next& next) {
  drop_withdrawn();
  auto ready_room = [](const RoomLane& lane) { return !lane.running && !lane.waiting.empty(); };
  auto address = next_in_turn(addresses_, last_address_, [&](AddressLanes& lanes) {
    return std::any_of(lanes.rooms.begin(), lanes.rooms.end(),
                       [&](const auto& r) { return ready_room(r.second); });
  });
  if (address == addresses_.end()) return false;
  AddressLanes& lanes = address->second;
  auto room = next_in_turn(lanes.rooms, lanes.last_room, ready_room);
  RoomLane& lane = room->second;
  next.address = address->first;
  next.room = room->first;
  next.entry = std::move(lane.waiting.front());
  lane.waiting.pop_front();
  lane.running = true;
  --waiting_;
  last_address_ = address->first;
  lanes.last_room = room->first;
  return true;
}

void EnginePool::finished(const std::string& address, const std::string& room) {
  auto a = addresses_.find(address);
  if (a == addresses_.end()) return;
  AddressLanes& lanes = a->second;
  --lanes.held;
  auto r = lanes.rooms.find(room);
  if (r == lanes.rooms.end()) return;
  r->second.running = false;
  if (r->second.waiting.empty()) lanes.rooms.erase(r);
  if (lanes.rooms.empty()) addresses_.erase(a);
}

void EnginePool::work() {
  lower_this_threads_priority(kWorkerNice);
  for (;;) {
    Next next;
    {
      std::unique_lock lock(mutex_);
      bool have = false;
      // On shutdown the queue is still drained: every accepted task runs once (with its
      // stop flag set, so it ends at once).
      wake_.wait(lock, [&] {
        have = take_next(next);
        return have || (stopping_ && waiting_ == 0);
      });
      if (!have) return;
      if (stopping_) next.entry.handle->stop_.store(true, std::memory_order_relaxed);
      running_.push_back(next.entry.handle);
      stats_.queue_wait_ms.add(ms_between(next.entry.since, Clock::now()));
    }
    const auto started = Clock::now();
    Deliver deliver = next.entry.task(next.entry.handle->stop_);
    const double took = ms_between(started, Clock::now());
    bool more = false;
    {
      std::lock_guard lock(mutex_);
      running_.erase(std::find(running_.begin(), running_.end(), next.entry.handle));
      finished(next.address, next.room);
      stats_.search_ms.add(took);
      ++stats_.completed;
      more = waiting_ > 0;
    }
    // Delivered once the room's and the address's places are free: the owner may ask again
    // as soon as it reads this answer (the engine_busy refusal is for real load only).
    if (deliver) deliver();
    // The room's next task may wait for this one only: another thread may take it now.
    if (more) wake_.notify_one();
  }
}

}  // namespace banmen::server
