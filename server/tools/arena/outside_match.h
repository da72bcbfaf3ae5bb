// Our level against an outside UCI engine (Fairy-Stockfish): the arena's `--uci` mode.
#pragma once

#include <string>
#include <string_view>

#include "elo.h"

namespace banmen::arena {

struct OutsideOptions {
  std::string engine_path;        // the UCI engine's executable
  std::string go = "nodes 1000";  // the engine's limit, as sent after "go"
  int games = 20, threads = 1, max_plies = 300;
  double scale = 0.05;          // our level's time multiplier
  int move_timeout_ms = 60000;  // the most one engine move may take before the match stops
};

// `level` against the engine over o.games games (each opening twice, colours swapped).
// On an error (the engine fails, or our rules core refuses its move) returns false with
// `error` naming the move and the position.
bool outside_match(std::string_view game_id, int level, const OutsideOptions& o, MatchScore& score,
                   std::string& error);

}  // namespace banmen::arena
