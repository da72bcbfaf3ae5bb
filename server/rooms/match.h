// The room's game in play and what belongs to it alone: the position, its clocks, each
// ply's thinking time and the clocks before it (what a takeback restores), the positions
// before the last two plies (so a takeback replays nothing), the game's number in the
// series and the series score.
//
// A part of the room (rooms/room.h): it decides and changes only these fields and answers
// with values: a move is decided (its next position, clocks and store record) without
// changing anything, and committed once the store has it. The room carries out the rest
// (the write, timers, events). It needs no strand, store or socket, so its rules of play
// are tested on their own (tests/server/match_test.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "rooms/game_clock.h"
#include "rooms/room_options.h"
#include "storage/store.h"

namespace banmen::server {

class Match {
 public:
  enum class Status { waiting, playing, over };

  // A move decided and not yet committed: the game and clocks it makes, and its record.
  struct MoveStep {
    GamePtr next;
    GameClock next_clock;
    StoredMove record;
    std::int64_t received_ms = 0;  // steady ms
  };

  const Game& game() const { return *game_; }
  Status status() const { return status_; }
  bool playing() const { return status_ == Status::playing; }
  int game_no() const { return game_no_; }
  const GameClock& clock() const { return clock_; }
  // By ply (0-based): the clocks just before it was played, and its thinking time (ms).
  const std::vector<ClockState>& clock_before() const { return clock_before_; }
  const std::vector<std::int64_t>& move_times() const { return move_times_; }
  // Series points by player (add_series_points).
  const double* score() const { return score_; }

  // What set_up() replaces, for put_back() when the store refuses the new game's start.
  struct Replaced {
    GamePtr game;
    GameClock clock;
    int game_no = 0;
  };
  // Game `game_no` set up at its start, with a fresh clock; not under way yet.
  Replaced set_up(GamePtr game, const ClockSpec& clock, int game_no);
  void put_back(Replaced replaced);
  // The game set up is under way from `now` (steady ms): nothing played, nothing charged.
  void begin(std::int64_t now);

  // `move` by the side to move, arriving at `now`: the game and clocks it would make and its
  // store record (as the referee writes it). Nothing changes here. Errors: the rules'.
  Result<MoveStep> decide_move(std::string_view move, const std::string& room_id, std::int64_t now,
                               std::int64_t now_unix) const;
  // The decided move is committed, at `now`: it happened. The next side's clock starts at
  // `now`, so the commit's own milliseconds are charged to nobody.
  void commit_move(MoveStep step, std::int64_t now);

  // Back to the first `keep` plies (keep <= plies played), the clocks as they were then and
  // the side to move's running from `now` (from the second ply on). A game kept from before
  // the last moves is used when it has `keep` plies; else the game is replayed from its
  // start, and the answer is the plies replayed (0 otherwise). Errors: the replay failed;
  // nothing changed.
  Result<std::size_t> take_back(std::size_t keep, const RoomOptions& options, std::int64_t now);

  // The record of ending the game with `outcome` (the rules may keep their own ending).
  StoredFinish finish_record(const Outcome& outcome, const std::string& room_id,
                             std::int64_t now_unix) const;
  // The game ends with `outcome` at `now`: the clocks halt and the match is over.
  void end(const Outcome& outcome, std::int64_t now);
  // A declaration's game (declare_win() applied) replaces the current one.
  void replace_game(GamePtr declared) { game_ = std::move(declared); }
  // The game's points go to the series (seats by player).
  void add_points(const int seat_of_player[2]);

  // The clocks stop where they are (everyone left, the computer's search waits, a restart),
  // and run again.
  void halt_clock(std::int64_t now) { clock_.halt(now); }
  void pause_clock(std::int64_t now) { clock_.pause(now); }
  void resume_clock(std::int64_t at) { clock_.resume(at); }
  // The side to move's turn starts again at `now`, its clock running from the second ply.
  void resume_turn(std::int64_t now);

  // After a restart (room_restore.cpp): the series score, the game's stored plies replayed
  // with each one's clocks, then over with its stored outcome or under way.
  void restore_score(const double score[2]);
  Result<void> replay_stored(const std::vector<StoredMove>& moves, const ClockSpec& spec);
  void restore_over(const Outcome& outcome);
  // Both sides' times, stopped (a correspondence clock taken up after a restart).
  void restore_clock(const ClockState& state) { clock_.restore(state); }
  void restore_playing(std::int64_t now) {
    status_ = Status::playing;
    turn_started_ms_ = now;
  }

 private:
  GamePtr game_;
  Status status_ = Status::waiting;
  int game_no_ = 0;
  GameClock clock_;
  std::vector<ClockState> clock_before_;
  std::vector<std::int64_t> move_times_;
  std::int64_t turn_started_ms_ = 0;  // steady ms
  // The game as it was before each of its last two moves, checked against the current
  // game before use.
  static constexpr std::size_t kEarlierGames = 2;
  std::vector<GamePtr> earlier_games_;
  double score_[2] = {0, 0};
};

}  // namespace banmen::server
