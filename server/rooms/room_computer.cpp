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
// Moves of its own the rules core refused in a row before the computer stops trying (a bug
// would otherwise loop; the player can still resign or claim).
constexpr int kMaxComputerFailures = 3;

// The connection the computer's requests come from: nothing is sent anywhere. The room
// answers it as any mover; only a refusal is worth a line in the log.
class ComputerClient final : public Client {
 public:
  explicit ComputerClient(std::string room) : room_(std::move(room)) {}
  std::uint64_t client_id() const override { return kComputerClientId; }
  void send(std::shared_ptr<const std::string> message) override {
    if (message->find("\"type\":\"error\"") != std::string::npos)
      spdlog::info("room {}: the computer's request was refused: {}", room_, *message);
  }
  void close(std::uint16_t, std::string) override {}
  void left_room(const Room*) override {}
  int protocol() const override { return 1; }

 private:
  std::string room_;
};

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
  if (closed_ || status_ != Status::playing || game_->over() || computer_search_ || clock_held_)
    return;
  const int seat = game_->to_move();
  const int player = seating_.player_at(seat);
  if (!seating_.is_computer(player)) return;
  const std::int64_t now = steady_ms();
  // Its clock stands while the search waits for an engine thread (or for a place in the
  // pool) and runs again from the search's start: a wait for the machine is charged to
  // nobody, so the queue never flags it (docs/engine.md, "Sharing the engine").
  if (clock_.running() == seat) {
    clock_.pause(now);
    flag_timer_.cancel();
  }
  engine::EngineRequest request;
  request.level = seating_.computer_level(player);
  // The clock stands, so this share of it is still whole when the search starts.
  request.budget_ms = computer_budget_ms(clock_, seat, now);
  request.seed = fresh_seed();
  const Viewer viewer = seat_viewer(seat);
  const std::uint64_t search = ++computer_search_no_;
  computer_player_ = player;
  computer_version_ = events_.position_version();
  computer_search_ =
      submit_search(
          engine_job(*game_, viewer, viewer, request),
          [this, search](std::int64_t started) { computer_search_started(search, started); },
          [this, search](const Result<engine::EngineReply>& reply) {
            computer_answered(search, reply);
          })
          .handle;
  if (computer_search_) return;
  // No place in the pool: nothing blocks; the move asks again shortly, its clock standing.
  computer_retry_timer_.expires_after(kEngineRetry);
  computer_retry_timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    if (auto self = weak.lock(); self && !ec) self->run([self] { self->ask_computer(); });
  });
}

void Room::computer_search_started(std::uint64_t search, std::int64_t started_ms) {
  if (search != computer_search_no_ || !computer_search_ || !clock_.paused()) return;
  clock_.resume(started_ms);
  arm_flag_timer();
}

void Room::stop_computer() {
  computer_retry_timer_.cancel();
  if (!computer_search_) return;
  computer_search_->cancel();
  computer_search_.reset();
  ++computer_search_no_;  // its answer, when it comes, is for a position that is gone
}

void Room::computer_answered(std::uint64_t search, const Result<engine::EngineReply>& reply) {
  if (search != computer_search_no_ || !computer_search_) return;
  computer_search_.reset();
  if (closed_ || status_ != Status::playing) return;
  if (!reply) {
    spdlog::warn("room {}: the engine gave no move: {}", id_, reply.error().message);
    return;
  }
  if (!computer_client_) computer_client_ = std::make_shared<ComputerClient>(id_);
  const int player = computer_player_;
  computer_member_ = Member{computer_client_, player, seating_.player(player).name};
  const Route& move = *route("move");
  Request r{*computer_member_, computer_client_, move.type,
            MoveFields{reply->move, static_cast<std::int64_t>(computer_version_),
                       "computer-" + std::to_string(search)},
            json(nullptr)};
  // The position may have changed meanwhile (a takeback): the table refuses the stale move
  // and the computer thinks again about the position as it is now.
  if (!preconditions_hold(move, r)) return ask_computer();
  const auto plies = game_->history_size();
  on_move(r);
  // The rules core refuses at once, before any write; a stored move is in flight.
  if (!store_busy_ && game_->history_size() == plies) {
    if (++computer_failures_ >= kMaxComputerFailures) {
      spdlog::error("room {}: the computer's moves were refused {} times; it stops", id_,
                    computer_failures_);
      return;
    }
    return ask_computer();
  }
  computer_failures_ = 0;
}

void Room::computer_answers_offer(std::string_view type) {
  if (!computer_client_) computer_client_ = std::make_shared<ComputerClient>(id_);
  for (int p = 0; p < 2; ++p) {
    if (!seating_.is_computer(p)) continue;
    computer_member_ = Member{computer_client_, p, seating_.player(p).name};
    // An answer to an offer has no fields of its own.
    const Route& answer = *route(type);
    Request r{*computer_member_, computer_client_, answer.type, RequestFields{}, json(nullptr)};
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
