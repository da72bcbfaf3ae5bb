// Small helpers shared by the shogi tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/registry.h"
#include "shogi/sfen.h"

namespace banmen::shogi::testing {

inline Position position(std::string_view sfen, const Variant& v = shogi_variant()) {
  auto r = parse_sfen(v, sfen);
  EXPECT_TRUE(r.ok()) << sfen << ": " << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : Position(v);
}

inline GamePtr game(std::string_view id, std::string_view sfen = {}) {
  auto r = create_game(id, sfen);
  EXPECT_TRUE(r.ok()) << sfen << ": " << (r.ok() ? "" : r.error().message);
  return r.ok() ? std::move(*r) : nullptr;
}

inline bool has_move(const Game& g, const std::string& usi) {
  auto moves = g.legal_moves();
  return std::find(moves.begin(), moves.end(), usi) != moves.end();
}

// Plays the moves, failing the test at the first one that is refused.
inline void play(Game& g, const std::vector<std::string>& moves) {
  for (const auto& m : moves) {
    auto r = g.apply(m);
    ASSERT_TRUE(r.ok()) << m << ": " << r.error().message;
  }
}

}  // namespace banmen::shogi::testing
