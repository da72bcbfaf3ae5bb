// What the engine's test files share: a game by id (failing the test when it cannot be
// made) and whether a move is in the game's legal list.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "games/registry.h"

namespace banmen::engine_tests {

inline GamePtr make_game(std::string_view id, std::string_view pos = {}) {
  auto g = create_game(id, pos);
  EXPECT_TRUE(g.ok()) << id << ": " << (g.ok() ? "" : g.error().message);
  return g.ok() ? std::move(*g) : nullptr;
}

inline bool is_legal(const Game& g, const std::string& move) {
  for (const auto& m : g.legal_moves())
    if (m == move) return true;
  return false;
}

}  // namespace banmen::engine_tests
