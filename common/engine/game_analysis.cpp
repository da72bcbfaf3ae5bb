#include "engine/game_analysis.h"

#include "chess/chess_game.h"
#include "engine/engine.h"
#include "fairy/fairy_game.h"
#include "hasami/hasami_game.h"
#include "reversi/reversi_game.h"
#include "shogi/dogcat/dogcat_game.h"
#include "shogi/shogi_game.h"

namespace banmen::engine {
namespace {

// A solved reversi endgame's disc difference in evaluation units: near the end one disc
// is worth about what the evaluation gives a disc there.
constexpr int kUnitsPerDisc = 20;

Evaluation ended(Family family, const Outcome& outcome) {
  Evaluation e;
  if (outcome.kind == Outcome::Kind::win) {
    e.win = outcome.winner == 0 ? 1.0 : 0.0;
    e.eval = outcome.winner == 0 ? curve_of(family).cap : -curve_of(family).cap;
  } else {
    e.win = 0.5;
  }
  return e;
}

// The search's answer, for the side to move, as the first player's evaluation.
Evaluation from_reply(Family family, const EngineReply& reply, int to_move) {
  const int sign = to_move == 0 ? 1 : -1;
  Evaluation e;
  if (reply.solved) {
    const int diff = sign * reply.score;
    e.eval = diff * kUnitsPerDisc;
    e.win = diff > 0 ? 1.0 : diff < 0 ? 0.0 : 0.5;
    return e;
  }
  if (auto plies = mate_plies(reply.score)) {
    e.mate = sign * (*plies > 0 ? std::max(*plies, 1) : std::min(*plies, -1));
    e.eval = *e.mate > 0 ? curve_of(family).cap : -curve_of(family).cap;
    return e;
  }
  e.eval = sign * reply.score;
  return e;
}

}  // namespace

std::optional<Family> family_of(const Game& game) {
  if (!game.info().computer) return std::nullopt;
  if (dynamic_cast<const shogi::DogcatGame*>(&game)) return Family::dogcat;
  if (dynamic_cast<const chess::ChessGame*>(&game)) return Family::chess;
  if (dynamic_cast<const shogi::ShogiGame*>(&game)) return Family::shogi;
  if (dynamic_cast<const hasami::HasamiGame*>(&game)) return Family::hasami;
  if (dynamic_cast<const reversi::ReversiGame*>(&game)) return Family::reversi;
  if (dynamic_cast<const fairy::FairyGame*>(&game)) return Family::fairy;
  return std::nullopt;
}

std::vector<std::string> display_line(const Game& position, const std::vector<std::string>& line) {
  std::vector<std::string> out;
  GamePtr g = position.clone();
  for (const auto& m : line) {
    if (g->over() || !g->apply(m).ok()) break;
    out.push_back(g->display_notation(g->history_size() - 1, Viewer::referee));
  }
  return out;
}

Result<GameAnalysis> GameAnalysis::make(const Game& start, const std::vector<std::string>& moves,
                                        const AnalysisBudget& budget) {
  const auto family = family_of(start);
  if (!family)
    return make_error(errc::unsupported,
                      "the computer does not play " + std::string(start.info().id));
  // Replayed once here, so a record that does not play is refused before any search.
  GamePtr check = start.clone();
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (check->over() || !check->apply(moves[i]).ok())
      return make_error(errc::bad_record, "move " + std::to_string(i + 1) + " does not play");
  GameAnalysis a;
  a.game_ = start.clone();
  a.moves_ = moves;
  a.budget_ = budget;
  a.result_.level = budget.level;
  a.result_.family = *family;
  return a;
}

Result<void> GameAnalysis::step(const std::atomic<bool>* stop) {
  if (finished()) return {};
  const Family family = result_.family;
  PositionResult here;
  if (game_->over()) {
    here.eval = ended(family, game_->outcome());
  } else {
    EngineRequest request;
    request.level = budget_.level;
    request.budget_ms = budget_.budget_ms;
    request.max_nodes = budget_.max_nodes;
    request.stop = stop;
    const int to_move = game_->to_move();
    const Viewer seat = seat_viewer(to_move);
    // Dog-cat: the true position, which the engine reads as a seat's view that hides nothing.
    auto reply = family == Family::dogcat ? think_dogcat_text(game_->position(), seat, request)
                                          : think(*game_, seat, request);
    if (!reply.ok()) return reply.error();
    here.eval = from_reply(family, *reply, to_move);
    here.best = reply->move;
    const auto shown =
        display_line(*game_, reply->line.empty() ? std::vector{reply->move} : reply->line);
    if (!shown.empty()) here.best_display = shown.front();
    here.line = shown;
  }
  result_.positions.push_back(std::move(here));
  const std::size_t ply = result_.positions.size() - 1;
  if (ply < moves_.size()) {
    MoveResult m;
    m.move = moves_[ply];
    m.verdict.side = game_->to_move();
    if (auto played = game_->apply(moves_[ply]); !played.ok()) return played.error();
    m.display = game_->display_notation(game_->history_size() - 1, Viewer::referee);
    result_.moves.push_back(std::move(m));
  }
  return {};
}

AnalysisResult GameAnalysis::result() const {
  AnalysisResult out = result_;
  std::vector<MoveVerdict> verdicts;
  for (std::size_t i = 0; i < out.moves.size() && i + 1 < out.positions.size(); ++i) {
    auto& m = out.moves[i];
    m.verdict = judge(out.family, out.positions[i].eval, out.positions[i + 1].eval, m.verdict.side);
    verdicts.push_back(m.verdict);
  }
  out.summary = summarize(verdicts);
  return out;
}

}  // namespace banmen::engine
