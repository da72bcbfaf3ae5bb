#include "room.h"

#include <algorithm>

#include "shard.h"

namespace banmen::load {

namespace {
Clock::duration seconds_to_duration(double seconds) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}
}  // namespace

Room::Room(Shard& shard, int index) : shard_(shard), index_(index), timer_(shard.io()) {}

Room::~Room() = default;

void Room::create_connections(int members) {
  members_.reserve(static_cast<std::size_t>(members));
  for (int m = 0; m < members; ++m) {
    members_.push_back(std::make_shared<Connection>(shard_.io(), *this, m));
    shard_.queue_open(members_.back());
  }
}

void Room::on_open(int member, bool ok, std::string_view what) {
  if (!ok) {
    shard_.open_done(false, what);
    return;
  }
  shard_.connection_up();
  opened(member);
}

void Room::connected(int) {
  shard_.open_done(true, {});
}

void Room::on_closed(int, bool expected, std::string_view what) {
  shard_.connection_down();
  if (!expected) shard_.stats().error(what);
}

void Room::all_joined() {
  if (ready_) return;
  ready_ = true;
  shard_.room_ready();
}

void Room::go() {
  const auto& o = shard_.options();
  if (o.idle) return;
  // Rooms start at random points of their first interval so moves are spread evenly in time.
  const auto now = Clock::now();
  next_due_ = now;
  if (o.pace > 0) {
    std::uniform_real_distribution<double> offset(0.0, 1.0 / o.pace);
    next_due_ += seconds_to_duration(offset(shard_.rng()));
  }
  if (to_move_ >= 0) schedule();
}

void Room::stop() {
  timer_.cancel();
  pending_ply_ = -1;
}

void Room::close_all() {
  timer_.cancel();
  for (auto& c : members_) c->close();
}

void Room::force_close_all() {
  for (auto& c : members_) c->force_close();
}

void Room::turn(int member) {
  to_move_ = member;
  if (shard_.playing() && !shard_.options().idle) schedule();
}

void Room::turn_after(int member, Clock::duration delay) {
  to_move_ = member;
  if (!shard_.playing()) return;
  timer_.expires_after(delay);
  timer_.async_wait([this, member](const boost::system::error_code& ec) {
    if (ec || !shard_.playing() || to_move_ != member) return;
    to_move_ = -1;
    play(member);
  });
}

void Room::schedule() {
  const auto& o = shard_.options();
  const int member = to_move_;
  const auto now = Clock::now();
  auto at = now;
  if (o.pace > 0) {
    at = std::max(now, next_due_);
    next_due_ = at + seconds_to_duration(1.0 / o.pace);
  }
  if (o.max_player_rate > 0) {
    at = std::max(at, player_next_[member]);
    player_next_[member] = at + seconds_to_duration(1.0 / o.max_player_rate);
  }
  if (at <= now) {
    to_move_ = -1;
    play(member);
    return;
  }
  timer_.expires_at(at);
  timer_.async_wait([this, member](const boost::system::error_code& ec) {
    if (ec || !shard_.playing() || to_move_ != member) return;
    to_move_ = -1;
    play(member);
  });
}

void Room::sent_move(long ply) {
  pending_ply_ = ply;
  sent_at_ = Clock::now();
}

void Room::received_move(long ply) {
  if (ply != pending_ply_) return;
  pending_ply_ = -1;
  if (!shard_.playing()) return;
  const auto micros =
      std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent_at_).count();
  auto& stats = shard_.stats();
  stats.latency.record(static_cast<std::uint64_t>(std::max<long long>(0, micros)));
  ++stats.moves;
}

}  // namespace banmen::load
