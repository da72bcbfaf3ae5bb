// Small helpers shared by the hasami shogi tests.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "games/registry.h"

namespace hasami_test {

inline const char* kStart = "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1";

// An empty rank, for pictures.
inline const std::string e(9, '.');

// A position from a picture: nine ranks a..i of nine squares (files 9..1), '.' empty,
// 'P' black, 'p' white; then the side to move and the move number.
inline std::string picture(const std::vector<std::string>& ranks, char side, int number = 1) {
  std::string s;
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    if (r) s += '/';
    int dots = 0;
    for (char ch : ranks[r]) {
      if (ch == '.') {
        ++dots;
        continue;
      }
      if (dots) s += static_cast<char>('0' + dots);
      dots = 0;
      s += ch;
    }
    if (dots) s += static_cast<char>('0' + dots);
  }
  return s + " " + side + " - " + std::to_string(number);
}

inline banmen::GamePtr make(const std::string& position = "") {
  auto g = banmen::create_game("hasami", position);
  if (!g) return nullptr;
  return std::move(*g);
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// "b captures", "draw repetition", "ongoing": the same words as the naive model.
inline std::string status(const banmen::Game& g) {
  auto o = g.outcome();
  if (o.kind == banmen::Outcome::Kind::ongoing) return "ongoing";
  if (o.kind == banmen::Outcome::Kind::draw) return "draw " + o.reason;
  if (o.kind == banmen::Outcome::Kind::win)
    return std::string(1, g.info().side_letters[o.winner]) + " " + o.reason;
  return "aborted " + o.reason;
}

}  // namespace hasami_test
