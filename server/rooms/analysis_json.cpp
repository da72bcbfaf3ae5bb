#include "rooms/analysis_json.h"

#include <cmath>

namespace banmen::server {

json analysis_json(const engine::AnalysisResult& r) {
  json positions = json::array();
  for (std::size_t i = 0; i < r.positions.size(); ++i) {
    const auto& p = r.positions[i];
    json entry{{"ply", i},
               {"eval", p.eval.eval},
               {"mate", p.eval.mate ? json(*p.eval.mate) : json(nullptr)},
               {"win", std::round(engine::win_chance(r.family, p.eval) * 1000) / 1000},
               {"best", p.best.empty() ? json(nullptr) : json(p.best)},
               {"best_display", p.best.empty() ? json(nullptr) : json(p.best_display)},
               {"line", p.line}};
    positions.push_back(std::move(entry));
  }
  json moves = json::array();
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const auto& m = r.moves[i];
    const auto cls = engine::class_name(m.verdict.verdict);
    moves.push_back(json{{"ply", i + 1},
                         {"side", m.verdict.side},
                         {"move", m.move},
                         {"display", m.display},
                         {"loss", std::round(m.verdict.loss * 1000) / 1000},
                         {"class", cls.empty() ? json(nullptr) : json(cls)}});
  }
  json summary = json::array();
  for (const auto& s : r.summary)
    summary.push_back(json{{"side", s.side},
                           {"inaccuracy", s.inaccuracies},
                           {"mistake", s.mistakes},
                           {"blunder", s.blunders},
                           {"average_loss", s.average_loss}});
  return json{{"level", r.level},
              {"family", engine::family_name(r.family)},
              {"positions", std::move(positions)},
              {"moves", std::move(moves)},
              {"summary", std::move(summary)}};
}

json analysis_state(int game_no, std::string_view state, std::size_t done, std::size_t total,
                    const json& analysis, std::string_view reason) {
  json out{{"game_no", game_no},
           {"state", state},
           {"done", done},
           {"total", total},
           {"analysis", analysis}};
  if (state == "failed") out["reason"] = reason;
  return out;
}

}  // namespace banmen::server
