#include "rooms/match.h"

#include <algorithm>

#include "protocol/error_codes.h"

namespace banmen::server {

namespace {
ClockState clock_after(const StoredMove& m) {
  ClockState s;
  for (int i = 0; i < 2; ++i) {
    s.remaining_ms[i] = m.remaining_ms[i];
    s.periods_left[i] = m.periods_left[i];
    s.in_byoyomi[i] = m.in_byoyomi[i];
  }
  return s;
}
}  // namespace

Match::Replaced Match::set_up(GamePtr game, const ClockSpec& clock, int game_no) {
  Replaced replaced{std::exchange(game_, std::move(game)), std::exchange(clock_, GameClock(clock)),
                    std::exchange(game_no_, game_no)};
  return replaced;
}

void Match::put_back(Replaced replaced) {
  game_ = std::move(replaced.game);
  clock_ = replaced.clock;
  game_no_ = replaced.game_no;
}

void Match::begin(std::int64_t now) {
  status_ = Status::playing;
  clock_before_.clear();
  move_times_.clear();
  turn_started_ms_ = now;
}

Result<Match::MoveStep> Match::decide_move(std::string_view move, const std::string& room_id,
                                           std::int64_t now, std::int64_t now_unix) const {
  // Applied on a copy, so a refusal (an illegal move, the store failing later) changes nothing.
  MoveStep step;
  step.next = game_->clone();
  if (auto applied = step.next->apply(move); !applied) return applied.error();
  const Game& next = *step.next;
  step.next_clock = clock_;
  step.next_clock.stop_after_move(now);
  const int ply = static_cast<int>(next.history_size());
  // Clocks run from the second ply on: each side's first move has its own countdown
  // instead (room_first_move.cpp).
  if (ply >= 2 && !next.over()) step.next_clock.start(next.to_move(), now);
  const auto settled = step.next_clock.at(now);

  StoredMove& sm = step.record;
  sm.room_id = room_id;
  sm.game_no = game_no_;
  sm.ply = ply;
  sm.move = next.notation(static_cast<std::size_t>(ply - 1), Viewer::referee);
  for (int s = 0; s < 2; ++s) {
    sm.remaining_ms[s] = settled.remaining_ms[s];
    sm.periods_left[s] = settled.periods_left[s];
    sm.in_byoyomi[s] = settled.in_byoyomi[s];
  }
  sm.server_ms = now_unix;
  sm.used_ms = now - turn_started_ms_;
  step.received_ms = now;
  return step;
}

void Match::commit_move(MoveStep step, std::int64_t now) {
  step.next_clock.shift(now - step.received_ms);
  clock_before_.push_back(clock_.at(step.received_ms));
  move_times_.push_back(step.received_ms - turn_started_ms_);
  turn_started_ms_ = now;
  earlier_games_.push_back(std::move(game_));
  if (earlier_games_.size() > kEarlierGames) earlier_games_.erase(earlier_games_.begin());
  game_ = std::move(step.next);
  clock_ = step.next_clock;
}

Result<std::size_t> Match::take_back(std::size_t keep, const RoomOptions& options,
                                     std::int64_t now) {
  if (keep > clock_before_.size()) return make_error(errc::internal_error, "nothing to take back");
  std::size_t replayed = 0;
  GamePtr rebuilt;
  // A game kept from before the last moves is this game's if it has `keep` moves, each the
  // same as this game's (a new game or a switch leaves older games behind).
  for (auto& earlier : earlier_games_) {
    if (!earlier || earlier->history_size() != keep ||
        earlier->initial_position() != game_->initial_position())
      continue;
    bool same = true;
    for (std::size_t i = keep; i-- > 0 && same;)
      same = earlier->notation(i, Viewer::referee) == game_->notation(i, Viewer::referee);
    if (same) {
      rebuilt = std::move(earlier);
      break;
    }
  }
  if (rebuilt) {
    // Those from before still precede the game as it is now.
    std::erase_if(earlier_games_,
                  [keep](const GamePtr& g) { return !g || g->history_size() >= keep; });
  } else {
    auto fresh = options.new_game(game_->initial_position());
    if (!fresh) return fresh.error();
    for (std::size_t i = 0; i < keep; ++i)
      if (auto r = fresh.value()->apply(game_->notation(i, Viewer::referee)); !r) return r.error();
    rebuilt = std::move(fresh.value());
    replayed = keep;
    earlier_games_.clear();
  }
  game_ = std::move(rebuilt);
  clock_.restore(clock_before_[keep]);
  clock_before_.resize(keep);
  move_times_.resize(keep);
  turn_started_ms_ = now;
  if (keep >= 2) clock_.start(game_->to_move(), now);
  return replayed;
}

StoredFinish Match::finish_record(const Outcome& outcome, const std::string& room_id,
                                  std::int64_t now_unix) const {
  auto ended = game_->clone();
  ended->finish(outcome);
  return StoredFinish{room_id, game_no_, stored_outcome(ended->outcome()), now_unix};
}

void Match::end(const Outcome& outcome, std::int64_t now) {
  game_->finish(outcome);
  clock_.halt(now);
  status_ = Status::over;
}

void Match::add_points(const int seat_of_player[2]) {
  add_series_points(stored_outcome(game_->outcome()), seat_of_player, score_);
}

void Match::resume_turn(std::int64_t now) {
  turn_started_ms_ = now;
  if (game_->history_size() >= 2 && !game_->over()) clock_.start(game_->to_move(), now);
}

void Match::restore_score(const double score[2]) {
  score_[0] = score[0];
  score_[1] = score[1];
}

Result<void> Match::replay_stored(const std::vector<StoredMove>& moves, const ClockSpec& spec) {
  // Rebuilds what each ply's takeback needs: the clocks at the moment it was played (the
  // state after the ply before, with the mover's thinking time charged when the clock ran:
  // from the third ply on, as decide_move() runs it).
  ClockState after = clock_.settled();
  for (const auto& m : moves) {
    const int mover = game_->to_move();
    if (auto r = game_->apply(m.move); !r)
      return make_error(errc::storage_error, "stored ply " + std::to_string(m.ply) + " '" + m.move +
                                                 "' does not replay: " + r.error().message);
    ClockState before = after;
    if (clock_.enabled() && game_->history_size() >= 3) {
      GameClock c(spec);
      c.restore(after);
      c.start(mover, 0);
      before = c.at(m.used_ms);
    }
    clock_before_.push_back(before);
    move_times_.push_back(m.used_ms);
    after = clock_after(m);
  }
  clock_.restore(after);
  return ok();
}

void Match::restore_over(const Outcome& outcome) {
  game_->finish(outcome);
  status_ = Status::over;
}

}  // namespace banmen::server
