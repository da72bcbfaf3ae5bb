// Judging a game's moves from the engine's evaluations, the way lichess does: each
// evaluation becomes the first player's chance of winning by a logistic curve fitted to the
// family's units, and a move is an inaccuracy, a mistake or a blunder by how much it lowers
// its mover's chance. Pure arithmetic: the searches that give the evaluations are in
// game_analysis.h. The constants and thresholds are written out in docs/engine.md.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace banmen::engine {

// The game families, each with its own evaluation scale.
enum class Family : std::uint8_t { chess, shogi, reversi, hasami, dogcat, fairy };
std::string_view family_name(Family family);

// A family's curve: win = 1 / (1 + exp(-k * eval)) for the first player (the same curve as
// 50 + 50 * (2 / (1 + exp(-k * eval)) - 1) in percent), and `cap`, the evaluation counted
// as decided (the one whose chance equals chess's at 1000 centipawns): losses and the
// average loss are measured between -cap and +cap.
struct Curve {
  double k;
  int cap;
};
const Curve& curve_of(Family family);

// One position's evaluation, from the first player's view (seat 0).
struct Evaluation {
  int eval = 0;               // engine units; +-cap when decided (mate, an ended game)
  std::optional<int> mate;    // plies to a forced end: + the first player wins, - loses
  std::optional<double> win;  // a known chance (an ended game, a solved endgame): 1, 0.5, 0
};
// The first player's winning chance, 0..1: a known chance as it is, a mate 1 or 0, else
// the family's curve.
double win_chance(Family family, const Evaluation& e);
// The evaluation counted for losses: clamped to +-cap, a mate or a known result at the cap.
int capped_eval(Family family, const Evaluation& e);

// By the drop in the mover's winning chance (0..1): at least 0.05 an inaccuracy, 0.10 a
// mistake, 0.15 a blunder (lichess's 0.1, 0.2 and 0.3 on its -1..1 scale).
enum class MoveClass : std::uint8_t { none, inaccuracy, mistake, blunder };
inline constexpr double kInaccuracy = 0.05, kMistake = 0.10, kBlunder = 0.15;
std::string_view class_name(MoveClass c);  // "" for none
MoveClass classify(double loss);

// One move judged: what its mover (seat `side`) lost by it.
struct MoveVerdict {
  int side = 0;
  double loss = 0;    // the drop in the mover's winning chance, >= 0
  int eval_loss = 0;  // the drop in the mover's capped evaluation, >= 0
  MoveClass verdict = MoveClass::none;
};
MoveVerdict judge(Family family, const Evaluation& before, const Evaluation& after, int side);

// A player's moves counted: each class, and the mean capped evaluation loss per move
// (rounded; 0 without moves).
struct SideSummary {
  int side = 0;
  int inaccuracies = 0, mistakes = 0, blunders = 0;
  int average_loss = 0;
  int moves = 0;
};
std::array<SideSummary, 2> summarize(const std::vector<MoveVerdict>& moves);

}  // namespace banmen::engine
