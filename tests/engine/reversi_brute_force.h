// The reversi endgame solver's outside truth: plain minimax, and random endgames.
#pragma once

#include <cstdint>
#include <optional>
#include <random>

#include "reversi/position.h"

namespace engine_test {

// Own minus opponent's discs at the end of perfect play, for the side to move; counts the
// finished positions it reaches in `leaves`.
int minimax(const banmen::reversi::Position& p, std::uint64_t& leaves);
// A random game from the start, stopped at `empties` empty squares (nullopt if it ended).
std::optional<banmen::reversi::Position> random_position(std::mt19937& rng, int empties);
// `count` random positions with `empties` empty squares, solved by the engine and by
// minimax: the same disc difference, and the engine's move keeps it. Brute force must
// have visited more than `min_leaves` finished positions.
void compare_with_brute_force(int count, int empties, std::uint64_t min_leaves);

}  // namespace engine_test
