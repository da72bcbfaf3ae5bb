// The room's whole-game analyses (docs/engine.md, "Whole-game analysis"): the one under
// way, if any, and the results the room keeps (its last game's and the brought-in
// record's, game 0), as lila's round keeps small parts beside the game. The part decides;
// the room (room_analysis.cpp) carries out: the engine pool, the store and the events.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>

#include "engine/engine_pool.h"
#include "engine/game_analysis.h"
#include "protocol/messages.h"

namespace banmen::server {

// An analysis under way: its place in the server's bound, the pool's handle of its
// current position's search, and its work (null until the game is loaded). It stands
// outside RoomAnalyses because clang will not default-construct, in std::optional, a
// nested struct with member initializers while its enclosing class is incomplete.
struct RoomAnalysisRun {
  int game_no = 0;
  std::uint64_t id = 0;
  std::shared_ptr<void> slot;
  std::shared_ptr<EnginePool::Handle> handle;
  std::shared_ptr<engine::GameAnalysis> work;
  std::size_t done = 0, total = 0;
  std::int64_t last_progress_ms = -1000000;
};

class RoomAnalyses {
 public:
  // What an analysis_request of game `game_no` gets.
  enum class Decision {
    send_stored,      // its result is known: sent again
    already_running,  // this game's analysis is queued or running: nothing new
    other_running,    // another game's is: one at a time per room
    start,
  };
  Decision decide(int game_no) const;

  using Run = RoomAnalysisRun;
  Run& begin(int game_no, std::shared_ptr<void> slot);
  // The run `id`, if it is still the one under way.
  Run* current(std::uint64_t id);
  const Run* running() const { return run_ ? &*run_ : nullptr; }
  // Ends the run (its place given back); cancel() also stops its search.
  void end() { run_.reset(); }
  void cancel();
  // Game `game_no`'s analysis no longer holds (game 0: another record was brought in): its
  // result is forgotten and its run, if under way, stopped. True if there was either.
  bool forget(int game_no);

  // A progress event is due: none in the last kProgressMs.
  static constexpr std::int64_t kProgressMs = 250;
  bool progress_due(std::int64_t now_ms);

  // Results by game number (the analysis object); a few kept, game 0's and the newest.
  void remember(int game_no, json analysis);
  const json* known(int game_no) const;
  // The `analysis` field of a snapshot for game `game_no`: its state, or null.
  json state_of(int game_no) const;

 private:
  static constexpr std::size_t kKept = 4;
  std::optional<Run> run_;
  std::uint64_t next_id_ = 0;
  std::map<int, json> known_;
};

}  // namespace banmen::server
