// Helpers shared by the dog-cat tests: games from the registry, scripted play, and a
// random mover that prefers moves that keep the game going (so random games get long
// enough to matter).
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <random>
#include <string>
#include <string_view>

#include "games/registry.h"

namespace dogcat_test {

inline banmen::GamePtr new_game(std::string_view position = {}) {
  auto g = banmen::create_game("dogcat", position);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().message);
  return g.ok() ? std::move(*g) : nullptr;
}

// Plays every move; a move that fails stops the test with its message.
inline void play(banmen::Game& g, std::initializer_list<std::string_view> moves) {
  for (auto m : moves) {
    auto r = g.apply(m);
    ASSERT_TRUE(r.ok()) << m << ": " << r.error().message;
  }
}

inline std::string status(const banmen::Game& g) {
  const auto o = g.outcome();
  if (!o.over()) return "ongoing";
  if (o.kind == banmen::Outcome::Kind::draw) return "draw " + o.reason;
  return std::string(o.winner == 0 ? "b " : "w ") + o.reason;
}

// A random legal move; one that ends the game is taken only now and then.
inline std::string random_move(const banmen::Game& g, std::mt19937& rng) {
  const auto moves = g.legal_moves();
  std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
  std::string m = moves[pick(rng)];
  for (int tries = 0; tries < 8; ++tries) {
    auto child = g.clone();
    if (!child->apply(m).ok() || !child->over() || rng() % 8 == 0) break;
    m = moves[pick(rng)];
  }
  return m;
}

}  // namespace dogcat_test
