// The computer opponent in a room. The computer holds a player's place like a person (a
// seat record in the store, a name, a seat in each game) but has no connection: when its
// side is to move the room hands the position to the engine pool (never searching on its
// own strand or an I/O thread), and the pool's answer comes back to the strand as an
// ordinary `move` request that takes the same path as a person's: the request table's
// checks (seat, turn, fresh version), the rules core, the store, the broadcast, the clock.
//
// Dog-cat hides the opponent's pieces, so for it only the seat's own view leaves the room.
#include <spdlog/spdlog.h>

#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <random>

#include "engine/engine.h"
#include "rooms/computer_facts.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

namespace {
// No place in the engine pool is not an error anyone sees: the computer's move waits and asks
// again.
constexpr std::chrono::milliseconds kEngineRetry{250};
std::uint64_t fresh_seed() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  return rng();
}
}  // namespace

void Room::seat_computer(int player, int level, std::function<void()> then) {
  const Player computer{
      true, computer_name(level), computer_token_marker(level), kComputerClientId, 0, {}, {}};
  store_until_committed(StoredSeat{id_, {player, computer.name, computer.token_hash}},
                        [this, player, level, computer, then = std::move(then)] {
                          seating_.player(player) = computer;
                          seating_.set_computer(player, level);
                          spdlog::info("room {}: the computer (level {}) is player {}", id_, level,
                                       player);
                          then();
                        });
}

void Room::computer_game_starts() {
  {
    std::lock_guard lock(shared_mu_);
    listing_.reset();  // nobody else can sit down
  }
  start_when_recorded([this] { ask_computer(); });
}

void Room::ask_computer() {
  if (closed_ || match_.status() != Status::playing || match_.game().over() ||
      computer_.thinking() || pauses_.clock_held())
    return;
  const int seat = match_.game().to_move();
  const int player = seating_.player_at(seat);
  if (!seating_.is_computer(player)) return;
  const std::int64_t now = steady_ms();
  // Its clock stands while the search waits for an engine thread (or for a place in the
  // pool) and runs again from the search's start: a wait for the machine is charged to
  // nobody, so the queue never flags it (docs/engine.md, "Sharing the engine").
  if (match_.clock().running() == seat) {
    match_.pause_clock(now);
    flag_timer_.cancel();
  }
  engine::EngineRequest request;
  request.level = seating_.computer_level(player);
  // The clock stands, so this share of it is still whole when the search starts.
  request.budget_ms = computer_budget_ms(match_.clock(), seat, now);
  request.seed = fresh_seed();
  const Viewer viewer = seat_viewer(seat);
  const std::uint64_t search = computer_.next_search(player, events_.position_version());
  computer_.searching(
      submit_search(
          engine_job(match_.game(), viewer, viewer, request),
          [this, search](std::int64_t started) { computer_search_started(search, started); },
          [this, search](const Result<engine::EngineReply>& reply) {
            computer_answered(search, reply);
          })
          .handle);
  if (computer_.thinking()) return;
  // No place in the pool: nothing blocks; the move asks again shortly, its clock standing.
  computer_retry_timer_.expires_after(kEngineRetry);
  computer_retry_timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    if (auto self = weak.lock(); self && !ec) self->run([self] { self->ask_computer(); });
  });
}

void Room::computer_search_started(std::uint64_t search, std::int64_t started_ms) {
  if (!computer_.current(search) || !match_.clock().paused()) return;
  match_.resume_clock(started_ms);
  arm_flag_timer();
}

void Room::stop_computer() {
  computer_retry_timer_.cancel();
  computer_.stop();
}

void Room::computer_answered(std::uint64_t search, const Result<engine::EngineReply>& reply) {
  if (!computer_.current(search)) return;
  computer_.answered();
  if (closed_ || match_.status() != Status::playing) return;
  if (!reply) {
    spdlog::warn("room {}: the engine gave no move: {}", id_, reply.error().message);
    return;
  }
  const int player = computer_.player();
  Member& sender = computer_.sender(player, seating_.player(player).name, id_);
  const Route& move = *route("move");
  Request r{sender, computer_.client(), move.type,
            MoveFields{reply->move, static_cast<std::int64_t>(computer_.version()),
                       "computer-" + std::to_string(search)},
            json(nullptr)};
  // The position may have changed meanwhile (a takeback): the table refuses the stale move
  // and the computer thinks again about the position as it is now.
  if (!preconditions_hold(move, r)) return ask_computer();
  const auto plies = match_.game().history_size();
  on_move(r);
  // The rules core refuses at once, before any write; a stored move is in flight.
  if (!store_busy_ && match_.game().history_size() == plies) {
    if (computer_.refused_again()) {
      spdlog::error("room {}: the computer's moves were refused {} times; it stops", id_,
                    computer_.refusals());
      return;
    }
    return ask_computer();
  }
  computer_.moved();
}

void Room::computer_answers_offer(std::string_view type) {
  for (int p = 0; p < 2; ++p) {
    if (!seating_.is_computer(p)) continue;
    Member& sender = computer_.sender(p, seating_.player(p).name, id_);
    // An answer to an offer has no fields of its own.
    const Route& answer = *route(type);
    Request r{sender, computer_.client(), answer.type, RequestFields{}, json(nullptr)};
    if (preconditions_hold(answer, r)) (this->*answer.handle)(r);
    return;
  }
}

void Room::resume_computer_after_restore() {
  for (int p = 0; p < 2; ++p)
    if (seating_.is_computer(p)) resume_held_clock(p);
  run([this] { ask_computer(); });
}

}  // namespace banmen::server
