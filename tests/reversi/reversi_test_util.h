// Small helpers shared by the reversi tests.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "games/registry.h"

namespace reversi_test {

inline const char* kStart = "---------------------------OX------XO--------------------------- X";

// A position from a picture of eight rows of eight squares and the side to move.
inline std::string picture(const std::vector<std::string>& rows, char side) {
  std::string s;
  for (const auto& r : rows) s += r;
  return s + " " + side;
}

inline banmen::GamePtr make(const std::string& position = "") {
  auto g = banmen::create_game("reversi", position);
  if (!g) return nullptr;
  return std::move(*g);
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// "X disc_count", "draw disc_count", "ongoing": the same words as the naive model.
inline std::string status(const banmen::Game& g) {
  auto o = g.outcome();
  if (o.kind == banmen::Outcome::Kind::ongoing) return "ongoing";
  if (o.kind == banmen::Outcome::Kind::draw) return "draw " + o.reason;
  if (o.kind == banmen::Outcome::Kind::win)
    return std::string(1, g.info().side_letters[o.winner]) + " " + o.reason;
  return "aborted " + o.reason;
}

}  // namespace reversi_test
