// Starting, moving and ending games, and the flag-fall timer.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "games/registry.h"
#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

namespace {
constexpr std::size_t kRememberedMoveIds = 64;

StoredOutcome stored_outcome(const Outcome& o) {
  const char* kind = o.kind == Outcome::Kind::win    ? "win"
                     : o.kind == Outcome::Kind::draw ? "draw"
                                                     : "aborted";
  return StoredOutcome{kind, o.winner, o.reason};
}
}  // namespace

StoredGameStart Room::game_start_record() const {
  StoredGameStart g;
  g.room_id = id_;
  g.game_no = game_no_;
  g.game_id = options_.game;
  g.options_json = options_.to_json().dump();
  g.initial_position = game_->initial_position();
  g.seat_of_player[0] = seating_.seat_of(0);
  g.seat_of_player[1] = seating_.seat_of(1);
  g.started_ms = unix_ms();
  return g;
}

void Room::game_began(const StoredGameStart&) {
  status_ = Status::playing;
  in_progress_ = true;
  clock_before_.clear();
  move_times_.clear();
  turn_started_ms_ = steady_ms();
  offers_.reset();
  review_.reset();  // the review was of the game before
  first_move_held_ = false;
  arm_first_move();
  services_.metrics.games_started.add(options_.game);
  spdlog::info("room {} game {} started: {} ({})", id_, game_no_, options_.game,
               options_.clock.human());
}

void Room::start_game(std::function<void(const Result<void>&)> then) {
  auto record = game_start_record();
  store_then(record, [this, record, then = std::move(then)](const Result<void>& stored) {
    if (stored) game_began(record);
    then(stored);
  });
}

void Room::on_move(const Request& r) {
  // Well-formed, a player's, first time, game running, their turn, fresh: room_requests.cpp.
  Client& c = *r.client;
  const auto& move = r.as<MoveFields>().text;
  const auto& move_id = r.as<MoveFields>().id;
  const json& re = r.re;
  // Apply on a copy, so a refusal (illegal move, storage failure) changes nothing.
  const auto now = steady_ms();
  if (clock_.flagged(now)) {
    on_flag_timer();
    return refuse(c, re, errc::game_over, "the game is over");
  }
  if (first_move_missed(now)) {  // too late, though the timer has not fired yet
    on_first_move_timer();
    return refuse(c, re, errc::game_over, "the game was aborted: no first move in time");
  }
  auto pending = std::make_shared<PendingMove>();
  pending->next = game_->clone();
  if (auto applied = pending->next->apply(move); !applied)
    return refuse(c, re, applied.error().code, applied.error().message);
  const auto& next = *pending->next;
  pending->next_clock = clock_;
  pending->next_clock.stop_after_move(now);
  const int ply = static_cast<int>(next.history_size());
  // Clocks run from the second ply on: each side's first move has its own countdown
  // instead (room_first_move.cpp).
  if (ply >= 2 && !next.over()) pending->next_clock.start(next.to_move(), now);
  auto settled = pending->next_clock.at(now);

  StoredMove sm;
  sm.room_id = id_;
  sm.game_no = game_no_;
  sm.ply = ply;
  sm.move = next.notation(static_cast<std::size_t>(ply - 1), Viewer::referee);
  for (int s = 0; s < 2; ++s) {
    sm.remaining_ms[s] = settled.remaining_ms[s];
    sm.periods_left[s] = settled.periods_left[s];
    sm.in_byoyomi[s] = settled.in_byoyomi[s];
  }
  sm.server_ms = unix_ms();
  sm.used_ms = now - turn_started_ms_;

  pending->client = r.client;
  pending->player = r.member.player;
  pending->received_ms = now;
  pending->move_id = move_id;
  pending->re = re;
  // Nothing is answered or broadcast before the store has committed the move; the room
  // holds every later request until then (run()).
  store_then(std::move(sm),
             [this, pending](const Result<void>& stored) { move_stored(*pending, stored); });
}

void Room::move_stored(PendingMove& pending, const Result<void>& stored) {
  Client& c = *pending.client;
  if (!store_ok(stored, &c, pending.re)) return arm_flag_timer();  // it may have fired meanwhile

  // Committed: now it happened. The opponent's clock starts now, when they can see the
  // move, not when it arrived: the commit's few milliseconds are charged to nobody.
  const auto now = steady_ms();
  const int seat = seating_.seat_of(pending.player);
  auto& player = seating_.player(pending.player);
  pending.next_clock.shift(now - pending.received_ms);
  clock_before_.push_back(clock_.at(pending.received_ms));
  move_times_.push_back(pending.received_ms - turn_started_ms_);
  turn_started_ms_ = now;
  earlier_games_.push_back(std::move(game_));
  if (earlier_games_.size() > kEarlierGames) earlier_games_.erase(earlier_games_.begin());
  game_ = std::move(pending.next);
  clock_ = pending.next_clock;
  arm_first_move();  // the other side's first move, or none from the second ply on
  player.move_ids.push_back(pending.move_id);
  if (player.move_ids.size() > kRememberedMoveIds) player.move_ids.erase(player.move_ids.begin());
  services_.metrics.moves_total++;
  touch();
  const auto idx = game_->history_size();
  MoveAnswer answer;
  if (c.protocol() >= 2) {
    // The mover's move event is the answer: one message fewer per move.
    json fields{{"move_id", pending.move_id}};
    if (!pending.re.is_null()) fields["re"] = pending.re;
    auto text = fields.dump();
    answer.client = &c;
    answer.fields = text.substr(1, text.size() - 2);
  } else {
    reply(c, json{{"type", "ack"}, {"move_id", pending.move_id}, {"duplicate", false}}, pending.re);
  }
  publish_move(idx, answer);
  events_.position_changed();
  if (spdlog::should_log(spdlog::level::debug))  // the notation is not made for nothing
    spdlog::debug("room {} ply {} {}", id_, idx,
                  game_->notation(idx - 1, Viewer::spectator));  // never the hidden form
  publish_offers(offers_.after_move(seat));
  if (game_->over()) return finish(game_->outcome());
  arm_flag_timer();
  ask_computer();  // when the computer is the side to move now
}

void Room::on_declare(const Request& r) {
  auto next = game_->clone();
  if (auto declared = next->declare_win(); !declared)
    return refuse(r, declared.error().code, declared.error().message);
  // The declared game replaces the current one once its result is recorded.
  auto declared = std::make_shared<GamePtr>(std::move(next));
  end_on_request((*declared)->outcome(), r, [this, declared] { game_ = std::move(*declared); });
}

void Room::finish(Outcome outcome) {
  if (status_ != Status::playing) return;
  game_->finish(outcome);
  const auto final_outcome = game_->outcome();
  clock_.halt(steady_ms());
  flag_timer_.cancel();
  first_move_timer_.cancel();
  first_move_deadline_ms_ = 0;
  stop_computer();
  status_ = Status::over;
  in_progress_ = false;
  if (std::exchange(result_stored_, false)) return announce_result();
  // A rules ending or a flag: recorded before anyone hears of it. Nobody asked, so when the
  // store fails the players hear of the ending anyway, and the write is retried until it
  // is committed, so a restart cannot bring the game back as playing.
  auto announced = std::make_shared<bool>(false);
  auto announce_once = [this, announced] {
    if (!std::exchange(*announced, true)) announce_result();
  };
  store_until_committed(StoredFinish{id_, game_no_, stored_outcome(final_outcome), unix_ms()},
                        announce_once, announce_once);
}

void Room::announce_result() {
  const auto final_outcome = game_->outcome();
  const int seat_of_player[2] = {seating_.seat_of(0), seating_.seat_of(1)};
  add_series_points(stored_outcome(final_outcome), seat_of_player, score_);
  publish_offers(offers_.withdraw());
  services_.metrics.games_finished.add(options_.game);
  spdlog::info("room {} game {} over: {} winner={} reason={}", id_, game_no_,
               static_cast<int>(final_outcome.kind), final_outcome.winner, final_outcome.reason);
  events_.publish([&](Viewer v) { return game_over_event(v); });
  return_handed_seats();
}

void Room::end_on_request(const Outcome& outcome, const Request& r, std::function<void()> then) {
  auto ended = game_->clone();
  ended->finish(outcome);
  commit_then(StoredFinish{id_, game_no_, stored_outcome(ended->outcome()), unix_ms()}, r,
              [this, c = r.client, re = r.re, outcome, then = std::move(then)] {
                reply(*c, json{{"type", "ack"}}, re);
                if (then) then();
                result_stored_ = true;
                finish(outcome);
              });
}

void Room::arm_flag_timer() {
  flag_timer_.cancel();
  auto left = clock_.ms_until_flag(steady_ms());
  if (left < 0 || status_ != Status::playing) return;
  flag_timer_.expires_after(std::chrono::milliseconds(left + 1));
  flag_timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    auto self = weak.lock();
    if (!ec && self) self->on_flag_timer();
  });
}

void Room::on_flag_timer() {
  // A write is being committed (maybe the move that beat the flag, maybe a resignation that
  // may yet fail): look again once the store has answered, in turn with other requests.
  if (store_busy_) return run([this] { on_flag_timer(); });
  if (status_ != Status::playing) return;
  const auto now = steady_ms();
  const int seat = clock_.running();
  if (seat < 0) return;
  if (!clock_.flagged(now)) return arm_flag_timer();
  spdlog::info("room {} game {}: seat {} flag fell", id_, game_no_, seat);
  finish(game_->timeout_outcome(seat));
}

Result<void> Room::rebuild_game(std::size_t plies) {
  // A game kept from before the last moves is this game's if it has `plies` moves, each the
  // same as this game's (a new game or a switch leaves older games behind).
  for (auto& earlier : earlier_games_) {
    if (!earlier || earlier->history_size() != plies ||
        earlier->initial_position() != game_->initial_position())
      continue;
    bool same = true;
    for (std::size_t i = plies; i-- > 0 && same;)
      same = earlier->notation(i, Viewer::referee) == game_->notation(i, Viewer::referee);
    if (!same) continue;
    game_ = std::move(earlier);
    // Those from before still precede the game as it is now.
    std::erase_if(earlier_games_,
                  [plies](const GamePtr& g) { return !g || g->history_size() >= plies; });
    return ok();
  }
  earlier_games_.clear();
  auto fresh = options_.new_game(game_->initial_position());
  if (!fresh) return fresh.error();
  services_.metrics.replayed_plies_total += plies;
  for (std::size_t i = 0; i < plies; ++i)
    if (auto replayed = fresh.value()->apply(game_->notation(i, Viewer::referee)); !replayed)
      return replayed;
  game_ = std::move(fresh.value());
  return ok();
}

}  // namespace banmen::server
