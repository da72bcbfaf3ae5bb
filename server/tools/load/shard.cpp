#include "shard.h"

namespace banmen::load {

Shard::Shard(const Options& options, Connection::Target target, std::uint64_t seed)
    : options_(options),
      target_(std::move(target)),
      guard_(boost::asio::make_work_guard(io_)),
      rng_(seed) {}

// Rooms hold connections whose handlers point back at them: by now run() has drained every
// handler, so the rooms may go first and the io_context after them.
Shard::~Shard() {
  rooms_.clear();
}

void Shard::add_room(std::unique_ptr<Room> room) {
  rooms_.push_back(std::move(room));
}

void Shard::queue_open(std::shared_ptr<Connection> connection) {
  to_open_.push_back(std::move(connection));
}

void Shard::start_opening() {
  open_next();
}

// Opening is windowed so ten thousand handshakes do not overflow the server's accept backlog.
void Shard::open_next() {
  while (opening_ < options_.open_window && next_open_ < to_open_.size()) {
    ++opening_;
    to_open_[next_open_++]->start(target_);
  }
  if (next_open_ == to_open_.size()) {
    to_open_.clear();
    to_open_.shrink_to_fit();
  }
}

void Shard::open_done(bool ok, std::string_view what) {
  --opening_;
  if (ok) {
    connected.fetch_add(1, std::memory_order_relaxed);
  } else {
    failed.fetch_add(1, std::memory_order_relaxed);
    stats_.error(what);
  }
  open_next();
}

void Shard::join_all() {
  for (auto& room : rooms_) room->join();
}

void Shard::go() {
  playing_ = true;
  for (auto& room : rooms_) room->go();
}

void Shard::stop() {
  playing_ = false;
  for (auto& room : rooms_) room->stop();
}

void Shard::close_all() {
  playing_ = false;
  next_open_ = to_open_.size();
  for (auto& room : rooms_) room->close_all();
}

void Shard::force_close_all() {
  for (auto& room : rooms_) room->force_close_all();
}

void Shard::run() {
  io_.run();
}

}  // namespace banmen::load
