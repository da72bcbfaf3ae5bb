#pragma once
// The cost probe: before a room plays a host's own definition, its start position and a
// fixed line of plies after it are generated, and a definition whose positions ask for
// more work than a room may spend on them is refused with the reason. Deterministic (a
// fixed line), so the same definition is judged the same way every time it is loaded.
#include <optional>
#include <string>

#include "fairy/position.h"

namespace banmen::fairy {

// Plies played after the start position, each the move at a fixed pseudo-random index.
inline constexpr int cost_probe_plies = 32;
// Work allowed over those positions: every pseudo-legal move generated (each is tested for
// legality) and every legal move (each is written in UCI and SAN for the players). Chess
// spends about 70 a position, grand about 150; a position of 600 moves spends 1,200.
inline constexpr long cost_probe_budget = 400L * (cost_probe_plies + 1);
// With hands, every piece in hand may go to almost every empty square: crazyhouse spends
// about 100 a position from its start and about 600 with both hands full (a FEN a host may
// paste). Such a definition gets this budget instead.
inline constexpr long cost_probe_hands_budget = 1000L * (cost_probe_plies + 1);
// Where moves also place a wall (wallingRule), each move comes once for each wall square:
// duck chess spends about 2,200 a position. Such a definition gets this budget instead,
// and no position of its line may list more than cost_probe_walling_moves legal moves (a
// player's snapshot carries the list, and the computer opponent's move list holds no more).
inline constexpr long cost_probe_walling_budget = 6400L * (cost_probe_plies + 1);
inline constexpr int cost_probe_walling_moves = 4096;

struct CostProbe {
  long work = 0;       // moves generated and listed, as counted above
  int positions = 0;   // positions looked at (fewer when the game ends or the budget runs out)
  int most_moves = 0;  // the most legal moves of one of them
};

// The budget of `rules`' positions: cost_probe_walling_budget with walling,
// cost_probe_hands_budget with hands, else cost_probe_budget.
long cost_budget(const Rules& rules);
// Plays the probe from `start`; stops as soon as the budget is spent.
CostProbe probe_cost(const Position& start);
// Nothing when `start`'s variant fits the budget; else the sentence that says why not.
std::optional<std::string> cost_refusal(const Position& start);

}  // namespace banmen::fairy
