#include "fairy/cost_probe.h"

#include <cstdint>

namespace banmen::fairy {

CostProbe probe_cost(const Position& start) {
  CostProbe probe;
  Position pos = start;
  std::uint32_t state = 0x9E3779B9u;  // a fixed line: the same definition, the same verdict
  MoveList pseudo;
  MoveList legal;
  for (int ply = 0; ply <= cost_probe_plies && probe.work <= cost_probe_budget; ++ply) {
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
  // Rooms, their boards and the engine that plays in them have no hands yet: a definition
  // with drops is refused there until they do, whatever it costs (banmen-rules plays it).
  if (start.rules().drops)
    return "uses drops (pieceDrops), which rooms do not play yet (banmen-rules does)";
  for (int f = 0; f < start.rules().files; ++f)
    for (int k = 0; k < start.rules().ranks; ++k)
      if (start.wall(square_of(f, k)))
        return "has walls ('*' in its start position), which rooms do not draw yet "
               "(banmen-rules plays it)";
  if (start.rules().petrify_types)
    return "turns capturing pieces into walls (petrifyOnCaptureTypes), which rooms do not draw "
           "yet (banmen-rules plays it)";
  if (start.rules().walling != Walling::none)
    return "places walls with its moves (wallingRule), which rooms do not draw yet "
           "(banmen-rules plays it)";
  if (start.rules().seirawan_gating)
    return "gates pieces from the hand (seirawanGating), which rooms do not play yet "
           "(banmen-rules does)";
  const CostProbe probe = probe_cost(start);
  if (probe.work <= cost_probe_budget) return std::nullopt;
  return "is too costly to play here: its first " + std::to_string(probe.positions) +
         " positions ask for " + std::to_string(probe.work) +
         " moves generated and listed (up to " + std::to_string(probe.most_moves) +
         " legal moves in one), more than the " + std::to_string(cost_probe_budget) +
         " allowed over its start and " + std::to_string(cost_probe_plies) +
         " plies after it; fewer or shorter-ranged pieces fit";
}

}  // namespace banmen::fairy
