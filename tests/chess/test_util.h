// Helpers for the chess tests: games from FEN and moves played through the seam.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/registry.h"

namespace banmen::chess::test {

inline GamePtr game_from(const std::string& fen = "") {
  auto g = create_game("chess", fen);
  EXPECT_TRUE(g.ok()) << fen << ": " << (g.ok() ? "" : g.error().message);
  return g.ok() ? std::move(g).value() : nullptr;
}

inline void play(Game& g, const std::vector<std::string>& moves) {
  for (const auto& m : moves) {
    auto r = g.apply(m);
    ASSERT_TRUE(r.ok()) << m << ": " << r.error().message;
  }
}

inline bool has_move(const Game& g, const std::string& m) {
  auto moves = g.legal_moves();
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

}  // namespace banmen::chess::test
