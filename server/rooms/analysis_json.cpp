#include "rooms/analysis_json.h"

#include <cmath>
#include <cstdio>

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

namespace {

// The positions after each move (1..plies) of a stored analysis; none if it does not fit.
std::optional<json> positions_of(const std::string& text, std::size_t plies) {
  auto j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("positions") ||
      !j["positions"].is_array() || j["positions"].size() != plies + 1)
    return std::nullopt;
  return j;
}

std::string pawns(const json& p) {
  if (p.contains("mate") && p["mate"].is_number_integer()) {
    // Plies to the end, as moves of the side that wins (lichess writes #N, #-N).
    const int plies = p["mate"].get<int>();
    const int moves = (std::abs(plies) + 1) / 2;
    return "#" + std::string(plies < 0 ? "-" : "") + std::to_string(moves);
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", p.value("eval", 0) / 100.0);
  return buf;
}

}  // namespace

std::vector<std::string> pgn_eval_comments(const std::string& text, std::size_t plies) {
  auto j = positions_of(text, plies);
  if (!j) return {};
  std::vector<std::string> out;
  for (std::size_t i = 1; i <= plies; ++i)
    out.push_back("[%eval " + pawns((*j)["positions"][i]) + "]");
  return out;
}

std::vector<std::string> kif_eval_comments(const std::string& text, std::size_t plies) {
  auto j = positions_of(text, plies);
  if (!j) return {};
  const json& moves =
      j->contains("moves") && (*j)["moves"].is_array() ? (*j)["moves"] : json::array();
  std::vector<std::string> out;
  for (std::size_t i = 1; i <= plies; ++i) {
    const json& p = (*j)["positions"][i];
    std::string line = "評価値 ";
    if (p.contains("mate") && p["mate"].is_number_integer())
      line += (p["mate"].get<int>() > 0 ? "+詰" : "-詰") +
              std::to_string(std::abs(p["mate"].get<int>()));
    else
      line += std::to_string(p.value("eval", 0));
    if (i - 1 < moves.size() && moves[i - 1].value("class", json(nullptr)).is_string()) {
      const json& before = (*j)["positions"][i - 1];
      line += " " + moves[i - 1]["class"].get<std::string>();
      if (before.value("best_display", json(nullptr)).is_string())
        line += " 最善 " + before["best_display"].get<std::string>();
    }
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace banmen::server
