#include "exports/analysis_comments.h"

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>

namespace banmen::server {

using json = nlohmann::json;

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
