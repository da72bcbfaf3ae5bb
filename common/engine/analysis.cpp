#include "engine/analysis.h"

#include <algorithm>
#include <cmath>

namespace banmen::engine {
namespace {

// k per engine unit. Chess and fairy chess count about 100 per pawn, as lichess's
// centipawns do, and take its constant. The others are set by what their units are worth:
// shogi's rook is about 1000 (a rook ahead wins about 88% of the time), dog-cat's pieces
// 500 to 1200 on a small board, hasami's 100 a piece plus a lead that grows as its cube,
// reversi's mobility, corners and late discs. The cap is 3.68208 / k (chess's 1000).
constexpr double kChessK = 0.00368208;
constexpr Curve kCurves[] = {
    {kChessK, 1000},  // chess
    {0.0020, 1841},   // shogi
    {0.0050, 736},    // reversi
    {0.0060, 614},    // hasami
    {0.0015, 2455},   // dogcat
    {kChessK, 1000},  // fairy
};

}  // namespace

std::string_view family_name(Family family) {
  constexpr std::string_view names[] = {"chess", "shogi", "reversi", "hasami", "dogcat", "fairy"};
  return names[static_cast<int>(family)];
}

const Curve& curve_of(Family family) {
  return kCurves[static_cast<int>(family)];
}

double win_chance(Family family, const Evaluation& e) {
  if (e.win) return std::clamp(*e.win, 0.0, 1.0);
  if (e.mate) return *e.mate > 0 ? 1.0 : 0.0;
  return 1.0 / (1.0 + std::exp(-curve_of(family).k * e.eval));
}

int capped_eval(Family family, const Evaluation& e) {
  const int cap = curve_of(family).cap;
  if (e.mate) return *e.mate > 0 ? cap : -cap;
  if (e.win && *e.win != 0.5) return *e.win > 0.5 ? cap : -cap;
  if (e.win) return 0;
  return std::clamp(e.eval, -cap, cap);
}

std::string_view class_name(MoveClass c) {
  switch (c) {
    case MoveClass::inaccuracy:
      return "inaccuracy";
    case MoveClass::mistake:
      return "mistake";
    case MoveClass::blunder:
      return "blunder";
    case MoveClass::none:
      break;
  }
  return "";
}

MoveClass classify(double loss) {
  // A hair below each threshold still counts: the chances are computed in floating point.
  constexpr double eps = 1e-9;
  if (loss + eps >= kBlunder) return MoveClass::blunder;
  if (loss + eps >= kMistake) return MoveClass::mistake;
  if (loss + eps >= kInaccuracy) return MoveClass::inaccuracy;
  return MoveClass::none;
}

MoveVerdict judge(Family family, const Evaluation& before, const Evaluation& after, int side) {
  // Both from the first player's view: the second player's chance is the rest.
  const double sign = side == 0 ? 1.0 : -1.0;
  MoveVerdict v;
  v.side = side;
  v.loss = std::max(0.0, sign * (win_chance(family, before) - win_chance(family, after)));
  v.eval_loss = std::max(
      0, static_cast<int>(sign) * (capped_eval(family, before) - capped_eval(family, after)));
  v.verdict = classify(v.loss);
  return v;
}

std::array<SideSummary, 2> summarize(const std::vector<MoveVerdict>& moves) {
  std::array<SideSummary, 2> out{};
  std::array<long long, 2> total{};
  out[0].side = 0;
  out[1].side = 1;
  for (const auto& m : moves) {
    SideSummary& s = out[static_cast<std::size_t>(m.side & 1)];
    ++s.moves;
    total[static_cast<std::size_t>(m.side & 1)] += m.eval_loss;
    s.inaccuracies += m.verdict == MoveClass::inaccuracy;
    s.mistakes += m.verdict == MoveClass::mistake;
    s.blunders += m.verdict == MoveClass::blunder;
  }
  for (std::size_t i = 0; i < 2; ++i)
    if (out[i].moves)
      out[i].average_loss = static_cast<int>(
          std::llround(static_cast<double>(total[i]) / static_cast<double>(out[i].moves)));
  return out;
}

}  // namespace banmen::engine
