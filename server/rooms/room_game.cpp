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
}  // namespace

StoredGameStart Room::game_start_record() const {
  StoredGameStart g;
  g.room_id = id_;
  g.game_no = match_.game_no();
  g.game_id = options_.game;
  g.options_json = options_.to_json().dump();
  g.initial_position = match_.game().initial_position();
  g.seat_of_player[0] = seating_.seat_of(0);
  g.seat_of_player[1] = seating_.seat_of(1);
  g.started_ms = unix_ms();
  return g;
}

void Room::game_began(const StoredGameStart&) {
  match_.begin(steady_ms());
  in_progress_ = true;
  offers_.reset();
  review_.reset();  // the review was of the game before (or a record brought in)
  set_aside_review_.reset();
  pauses_.new_game();
  conditionals_.clear_all();
  arm_first_move();
  if (match_.clock().spec().correspondence()) {
    correspondence_count_.set(true);
    mark_correspondence_clock();
  }
  services_.metrics.games_started.add(options_.game);
  spdlog::info("room {} game {} started: {} ({})", id_, match_.game_no(), options_.game,
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
  const auto now = steady_ms();
  if (match_.clock().flagged(now)) {
    on_flag_timer();
    return refuse(c, re, errc::game_over, "the game is over");
  }
  if (pauses_.first_move_missed(now)) {  // too late, though the timer has not fired yet
    on_first_move_timer();
    return refuse(c, re, errc::game_over, "the game was aborted: no first move in time");
  }
  auto step = match_.decide_move(move, id_, now, unix_ms());
  if (!step) return refuse(c, re, step.error().code, step.error().message);
  auto pending = std::make_shared<PendingMove>();
  pending->step = std::move(step.value());
  StoredMove record = pending->step.record;
  pending->client = r.client;
  pending->player = r.member.player;
  pending->move_id = move_id;
  pending->re = re;
  // Nothing is answered or broadcast before the store has committed the move; the room
  // holds every later request until then (run()).
  store_then(std::move(record),
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
  match_.commit_move(std::move(pending.step), now);
  arm_first_move();  // the other side's first move, or none from the second ply on
  player.move_ids.push_back(pending.move_id);
  if (player.move_ids.size() > kRememberedMoveIds) player.move_ids.erase(player.move_ids.begin());
  services_.metrics.moves_total++;
  touch();
  const auto idx = match_.game().history_size();
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
                  match_.game().notation(idx - 1, Viewer::spectator));  // never the hidden form
  publish_offers(offers_.after_move(seat));
  if (match_.game().over()) return finish(match_.game().outcome());
  arm_flag_timer();
  // A person to move may be away: Web Push may tell them (never the computer's seat, nor a
  // player whose conditional move answers at once).
  if (const int next = seating_.player_at(match_.game().to_move());
      !seating_.is_computer(next) &&
      (conditionals_.of(next).empty() ||
       !conditionals_.answers(next, match_.game().notation(idx - 1, Viewer::referee))))
    services_.push.your_turn(id_, next, player.name);
  ask_computer();  // when the computer is the side to move now
  // When the opponent left an answer to this move: played next, in turn with the requests.
  run([this, mover = pending.player, ply = idx] { answer_conditionally(mover, ply); });
}

void Room::on_declare(const Request& r) {
  auto next = match_.game().clone();
  if (auto declared = next->declare_win(); !declared)
    return refuse(r, declared.error().code, declared.error().message);
  // The declared game replaces the current one once its result is recorded.
  auto declared = std::make_shared<GamePtr>(std::move(next));
  end_on_request((*declared)->outcome(), r,
                 [this, declared] { match_.replace_game(std::move(*declared)); });
}

void Room::finish(Outcome outcome) {
  if (match_.status() != Status::playing) return;
  match_.end(outcome, steady_ms());
  const auto final_outcome = match_.game().outcome();
  flag_timer_.cancel();
  first_move_timer_.cancel();
  pauses_.clear_first_move();
  stop_computer();
  in_progress_ = false;
  correspondence_count_.set(false);
  drop_conditionals();
  if (std::exchange(result_stored_, false)) return announce_result();
  // A rules ending or a flag: recorded before anyone hears of it. Nobody asked, so when the
  // store fails the players hear of the ending anyway, and the write is retried until it
  // is committed, so a restart cannot bring the game back as playing.
  auto announced = std::make_shared<bool>(false);
  auto announce_once = [this, announced] {
    if (!std::exchange(*announced, true)) announce_result();
  };
  store_until_committed(
      StoredFinish{id_, match_.game_no(), stored_outcome(final_outcome), unix_ms()}, announce_once,
      announce_once);
}

void Room::announce_result() {
  const auto final_outcome = match_.game().outcome();
  const int seat_of_player[2] = {seating_.seat_of(0), seating_.seat_of(1)};
  match_.add_points(seat_of_player);
  publish_offers(offers_.withdraw());
  services_.metrics.games_finished.add(options_.game);
  spdlog::info("room {} game {} over: {} winner={} reason={}", id_, match_.game_no(),
               static_cast<int>(final_outcome.kind), final_outcome.winner, final_outcome.reason);
  events_.publish([&](Viewer v) { return game_over_event(v); });
  return_handed_seats();
}

void Room::end_on_request(const Outcome& outcome, const Request& r, std::function<void()> then) {
  commit_then(match_.finish_record(outcome, id_, unix_ms()), r,
              [this, c = r.client, re = r.re, outcome, then = std::move(then)] {
                reply(*c, json{{"type", "ack"}}, re);
                if (then) then();
                result_stored_ = true;
                finish(outcome);
              });
}

void Room::arm_flag_timer() {
  flag_timer_.cancel();
  auto left = match_.clock().ms_until_flag(steady_ms());
  if (left < 0 || match_.status() != Status::playing) return;
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
  if (match_.status() != Status::playing) return;
  const auto now = steady_ms();
  const int seat = match_.clock().running();
  if (seat < 0) return;
  if (!match_.clock().flagged(now)) return arm_flag_timer();
  spdlog::info("room {} game {}: seat {} flag fell", id_, match_.game_no(), seat);
  finish(match_.game().timeout_outcome(seat));
}

}  // namespace banmen::server
