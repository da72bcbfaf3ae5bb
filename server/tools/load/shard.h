// One io_context thread of the load generator and the rooms it runs.
//
// Every connection of a room runs on its room's shard, so room state needs no lock. The
// controlling thread (run.cpp) moves all shards through the phases by posting to them and
// watches their progress through the atomic counters.
#pragma once

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <memory>
#include <random>
#include <string_view>
#include <vector>

#include "connection.h"
#include "options.h"
#include "room.h"
#include "stats.h"

namespace banmen::load {

class Shard {
 public:
  Shard(const Options& options, Connection::Target target, std::uint64_t seed);
  ~Shard();
  Shard(const Shard&) = delete;
  Shard& operator=(const Shard&) = delete;

  boost::asio::io_context& io() { return io_; }
  const Options& options() const { return options_; }
  const Connection::Target& target() const { return target_; }
  std::mt19937_64& rng() { return rng_; }
  Stats& stats() { return stats_; }

  // Before the thread runs.
  void add_room(std::unique_ptr<Room> room);
  void queue_open(std::shared_ptr<Connection> connection);

  // The phases; each must run on the shard's thread (post it).
  void start_opening();
  void join_all();
  void go();
  void stop();
  void close_all();
  void force_close_all();

  // Called by rooms on the shard's thread.
  void open_done(bool ok, std::string_view what);
  void room_ready() { rooms_ready.fetch_add(1, std::memory_order_relaxed); }
  void connection_up() { held.fetch_add(1, std::memory_order_relaxed); }
  void connection_down() { held.fetch_sub(1, std::memory_order_relaxed); }
  bool playing() const { return playing_; }

  // The thread body: runs until release() and then until no handler is left.
  void run();
  void release() { guard_.reset(); }

  // Progress, read by the controlling thread.
  std::atomic<int> connected{0};    // usable connections (after the welcome, for the server)
  std::atomic<int> failed{0};       // connections that could not be opened
  std::atomic<int> held{0};         // connections open now
  std::atomic<int> rooms_ready{0};  // rooms with every member in place

 private:
  void open_next();

  const Options& options_;
  Connection::Target target_;
  boost::asio::io_context io_{1};
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard_;
  std::vector<std::unique_ptr<Room>> rooms_;
  std::vector<std::shared_ptr<Connection>> to_open_;
  std::size_t next_open_ = 0;
  int opening_ = 0;
  bool playing_ = false;
  std::mt19937_64 rng_;
  Stats stats_;
};

}  // namespace banmen::load
