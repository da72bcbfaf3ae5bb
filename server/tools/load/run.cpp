#include "run.h"

#include <unistd.h>

#include <boost/asio/ip/address_v4.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "relay_room.h"
#include "server_room.h"
#include "shard.h"

namespace banmen::load {

namespace {

using Seconds = std::chrono::duration<double>;
constexpr auto kPoll = std::chrono::milliseconds(20);
constexpr auto kCloseGrace = std::chrono::seconds(3);

class Controller {
 public:
  explicit Controller(const Options& o) : options_(o) {
    Connection::Target target;
    target.endpoint = {boost::asio::ip::make_address_v4(o.host), o.port};
    target.host_header = o.host + ":" + std::to_string(o.port);
    target.path = o.path;
    for (int t = 0; t < o.threads; ++t) {
      shards_.push_back(std::make_unique<Shard>(o, target, o.seed * 7919 + t));
    }
    const int per_room = connections_per_room(o);
    for (int r = 0; r < o.rooms; ++r) {
      Shard& shard = *shards_[static_cast<std::size_t>(r % o.threads)];
      std::unique_ptr<Room> room;
      if (o.target == Target::relay) {
        room = std::make_unique<RelayRoom>(shard, r);
      } else {
        room = std::make_unique<ServerRoom>(shard, r, o.game);
      }
      room->create_connections(per_room);
      shard.add_room(std::move(room));
    }
  }

  void start() {
    for (auto& shard : shards_) threads_.emplace_back([s = shard.get()] { s->run(); });
  }

  void post_all(void (Shard::*phase)()) {
    for (auto& shard : shards_) {
      boost::asio::post(shard->io(), [s = shard.get(), phase] { (s->*phase)(); });
    }
  }

  int sum(std::atomic<int> Shard::*counter) const {
    int total = 0;
    for (const auto& shard : shards_) total += ((*shard).*counter).load();
    return total;
  }

  // Polls until `done` or the deadline; true when done.
  bool wait_until(const std::function<bool()>& done, Clock::time_point deadline) const {
    while (!done()) {
      if (Clock::now() >= deadline) return false;
      std::this_thread::sleep_for(kPoll);
    }
    return true;
  }

  void finish(Report& report) {
    post_all(&Shard::close_all);
    wait_until([&] { return sum(&Shard::held) == 0; }, Clock::now() + kCloseGrace);
    post_all(&Shard::force_close_all);
    for (auto& shard : shards_) shard->release();
    for (auto& thread : threads_) thread.join();
    for (auto& shard : shards_) report.stats.merge(shard->stats());
  }

 private:
  const Options& options_;
  std::vector<std::unique_ptr<Shard>> shards_;
  std::vector<std::thread> threads_;
};

std::optional<ProcSample> sample_server(const Options& o) {
  if (o.server_pid <= 0) return std::nullopt;
  return read_proc(static_cast<pid_t>(o.server_pid));
}

}  // namespace

Report run_load(const Options& o) {
  Report report;
  report.options = o;
  report.connections_wanted = o.rooms * connections_per_room(o);
  report.server_start = sample_server(o);

  Controller controller(o);
  controller.start();
  const auto setup_deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(Seconds(o.setup_timeout_s));

  // Phase 1: open every connection (and say hello to the server).
  auto t0 = Clock::now();
  controller.post_all(&Shard::start_opening);
  const bool opened = controller.wait_until(
      [&] {
        return controller.sum(&Shard::connected) + controller.sum(&Shard::failed) >=
               report.connections_wanted;
      },
      setup_deadline);
  report.open_seconds = Seconds(Clock::now() - t0).count();
  report.connected = controller.sum(&Shard::connected);
  report.failed = controller.sum(&Shard::failed);
  report.server_connected = sample_server(o);

  // Phase 2: every room takes its places.
  t0 = Clock::now();
  controller.post_all(&Shard::join_all);
  const bool joined = controller.wait_until(
      [&] { return controller.sum(&Shard::rooms_ready) >= o.rooms; }, setup_deadline);
  report.join_seconds = Seconds(Clock::now() - t0).count();
  report.rooms_ready = controller.sum(&Shard::rooms_ready);
  report.setup_complete = opened && joined && report.failed == 0;
  report.server_ready = sample_server(o);

  // Phase 3: play (or hold the idle rooms) for the duration.
  report.held_at_start = controller.sum(&Shard::held);
  t0 = Clock::now();
  controller.post_all(&Shard::go);
  std::this_thread::sleep_for(Seconds(o.duration_s));
  controller.post_all(&Shard::stop);
  report.measured_seconds = Seconds(Clock::now() - t0).count();
  report.held_at_end = controller.sum(&Shard::held);
  report.server_end = sample_server(o);

  controller.finish(report);
  report.self_end = read_proc(getpid());
  return report;
}

}  // namespace banmen::load
