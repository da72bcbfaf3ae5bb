// What every arena game shares, whoever the opponent: the random opening and a move of one
// of our levels at the arena's time scale.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "engine/engine.h"
#include "engine/levels.h"
#include "fairy/factory.h"
#include "games/registry.h"

namespace banmen::arena {

// A game by its id: a game of the registry, or a fairy variant of Fairy-Stockfish's
// catalogue by its name (crazyhouse, xiangqi, janggi: played here before rooms list them).
inline Result<GamePtr> create_arena_game(std::string_view id) {
  if (find_game(id)) return create_game(id);
  if (auto variant = fairy::named_variant(id)) return fairy::create_fairy_game(variant, "");
  return make_error(errc::unsupported, "no game '" + std::string(id) + "'");
}

inline int opening_plies(std::string_view id) {
  return id == "reversi" ? 6 : id == "dogcat" ? 4 : id == "hasami" ? 4 : 3;
}

// Plays the opening's random plies for `seed`; returns the moves played, in order.
inline std::vector<std::string> play_opening(Game& g, std::uint64_t seed) {
  std::vector<std::string> played;
  std::mt19937_64 opening(seed);
  for (int i = 0; i < opening_plies(g.info().id) && !g.over(); ++i) {
    const auto moves = g.legal_moves();
    played.push_back(moves[opening() % moves.size()]);
    (void)g.apply(played.back());
  }
  return played;
}

// Our engine's move at `level` with the level's own time multiplied by `scale`.
inline Result<std::string> level_move(const Game& g, int level, double scale, std::uint64_t seed) {
  engine::EngineRequest r;
  r.level = level;
  r.budget_ms = std::max<std::int64_t>(
      1, static_cast<std::int64_t>(engine::level_spec(level).time_ms * scale));
  r.seed = seed;
  auto reply = engine::think(g, seat_viewer(g.to_move()), r);
  if (!reply.ok()) return reply.error();
  return reply->move;
}

// The result for the player on `seat` once the game is over or stopped (1, 0.5 or 0).
inline double result_for(const Game& g, int seat) {
  const auto out = g.outcome();
  if (!g.over() || out.kind != Outcome::Kind::win) return 0.5;
  return out.winner == seat ? 1.0 : 0.0;
}

}  // namespace banmen::arena
