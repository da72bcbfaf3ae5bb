// The eight levels as data. A level bounds the depth and the time of a search; the weak
// ones also choose among the root moves by a softmax over their scores, so they miss
// things a person new to the game would miss rather than playing randomly.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace banmen::engine {

struct LevelSpec {
  int max_depth;         // plies of full-width search
  int time_ms;           // the most this level thinks, before the caller's budget
  int noise_cp;          // softmax temperature over root scores; 0: always the best move
  int determinizations;  // dog-cat: assignments of the hidden types searched
  int solver_empties;    // reversi: exact solver at or below this many empty squares
  int tt_bits;           // transposition table of 2^tt_bits 16-byte entries
};

// Level 1..8 (clamped).
const LevelSpec& level_spec(int level);

// The index of the chosen move among `scores` (best first): the first when there is no
// noise, else drawn with weights exp((score - best) / noise).
std::size_t pick_with_noise(const std::vector<int>& scores, int noise_cp, std::mt19937_64& rng);

}  // namespace banmen::engine
