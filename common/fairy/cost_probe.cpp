#include "fairy/cost_probe.h"

#include <cstdint>

namespace banmen::fairy {

long cost_budget(const Rules& rules) {
  if (rules.walling != Walling::none) return cost_probe_walling_budget;
  return rules.hands() ? cost_probe_hands_budget : cost_probe_budget;
}

CostProbe probe_cost(const Position& start) {
  CostProbe probe;
  const long budget = cost_budget(start.rules());
  Position pos = start;
  std::uint32_t state = 0x9E3779B9u;  // a fixed line: the same definition, the same verdict
  MoveList pseudo;
  MoveList legal;
  for (int ply = 0; ply <= cost_probe_plies && probe.work <= budget; ++ply) {
    pos.pseudo_legal_moves(pseudo);
    pos.legal_moves(legal);
    ++probe.positions;
    probe.work += pseudo.size + legal.size;
    if (legal.size > probe.most_moves) probe.most_moves = legal.size;
    if (legal.size == 0) break;
    state = state * 1664525u + 1013904223u;
    pos.make(legal[(state >> 8) % static_cast<std::uint32_t>(legal.size)]);
  }
  return probe;
}

std::optional<std::string> cost_refusal(const Position& start) {
  // Drops, gates and walls are played and drawn in rooms: what bounds them is their cost,
  // as for any other definition (a full hand on a large board, a wall with every move).
  const long budget = cost_budget(start.rules());
  const CostProbe probe = probe_cost(start);
  if (probe.work <= budget && probe.most_moves <= cost_probe_walling_moves) return std::nullopt;
  if (probe.most_moves > cost_probe_walling_moves)
    return "is too costly to play here: a position of its first " +
           std::to_string(probe.positions) + " has " + std::to_string(probe.most_moves) +
           " legal moves, more than the " + std::to_string(cost_probe_walling_moves) +
           " a position may list here; fewer squares to wall or fewer pieces fit";
  return "is too costly to play here: its first " + std::to_string(probe.positions) +
         " positions ask for " + std::to_string(probe.work) +
         " moves generated and listed (up to " + std::to_string(probe.most_moves) +
         " legal moves in one), more than the " + std::to_string(budget) +
         " allowed over its start and " + std::to_string(cost_probe_plies) +
         " plies after it; fewer or shorter-ranged pieces fit";
}

}  // namespace banmen::fairy
