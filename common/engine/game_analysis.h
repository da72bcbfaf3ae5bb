// A whole game searched position by position, for its analysis (analysis.h judges the
// moves). The caller decides how the searches are spread in time: step() searches one
// position, so a server can give each position its own turn on its engine workers.
//
// Every position is searched from the true position, so dog-cat is analysed as the referee
// sees it: a caller must ask only once the game is over and nothing is hidden any more.
// A position where the rules ended the game gets the result's value, not a search.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "engine/analysis.h"

namespace banmen::engine {

// What each position's search may spend.
struct AnalysisBudget {
  int level = 5;
  std::int64_t budget_ms = 250;
  std::uint64_t max_nodes = 0;  // 0: none (tests set one so runs repeat exactly)
};

struct PositionResult {
  Evaluation eval;
  std::string best;               // protocol notation; empty where the game has ended
  std::string best_display;       // as people write it
  std::vector<std::string> line;  // the engine's line from here, as people write it
};
struct MoveResult {
  std::string move;     // protocol notation
  std::string display;  // as people write it
  MoveVerdict verdict;
};
struct AnalysisResult {
  int level = 0;
  Family family = Family::chess;
  std::vector<PositionResult> positions;  // 0 = the start, N = after the last move
  std::vector<MoveResult> moves;          // moves[i] leads from positions[i] to [i + 1]
  std::array<SideSummary, 2> summary{};
};

// The family whose curve judges `game`; none for a game the engine does not play.
std::optional<Family> family_of(const Game& game);

// The moves of `line` (protocol notation) as people write them, played from `position`;
// stops at the first one that does not play.
std::vector<std::string> display_line(const Game& position, const std::vector<std::string>& line);

class GameAnalysis {
 public:
  // `start`: the game at its first position, no move played; `moves`: the main line in
  // protocol notation as the referee sees it. Errors: unsupported (the engine does not play
  // the game), bad_record (a move that does not replay).
  static Result<GameAnalysis> make(const Game& start, const std::vector<std::string>& moves,
                                   const AnalysisBudget& budget);

  std::size_t total() const { return moves_.size() + 1; }  // positions
  std::size_t done() const { return result_.positions.size(); }
  bool finished() const { return done() == total(); }
  // Searches the next position (a stop flag set ends the search early: its evaluation is
  // then the shallower one found). Errors: the engine's.
  Result<void> step(const std::atomic<bool>* stop = nullptr);
  // Every position searched: the moves judged and summed up. Partial before that.
  AnalysisResult result() const;

 private:
  GameAnalysis() = default;
  GamePtr game_;  // the position to search next (the moves before it played)
  std::vector<std::string> moves_;
  AnalysisBudget budget_;
  AnalysisResult result_;
};

}  // namespace banmen::engine
