#include "core/game.h"

#include <algorithm>

namespace banmen {

namespace {
thread_local std::uint64_t t_applied = 0;
}  // namespace

std::uint64_t Game::applied_on_this_thread() {
  return t_applied;
}

Result<void> Game::apply(std::string_view move) {
  if (over()) return make_error(errc::game_over, "the game is over");
  ++t_applied;
  return apply_checked(move);
}

Result<void> Game::apply_checked(std::string_view move) {
  auto moves = legal_moves();
  if (std::find(moves.begin(), moves.end(), move) == moves.end()) return explain_illegal(move);
  return apply_legal(move);
}

Error Game::explain_illegal(std::string_view move) const {
  return make_error(errc::illegal_move, std::string(move) + " is not a legal move here");
}

std::vector<std::pair<std::string, std::uint64_t>> Game::perft_divide(int depth) const {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  if (depth < 1) return out;
  auto moves = legal_moves();
  std::sort(moves.begin(), moves.end());
  for (const auto& m : moves) {
    auto child = clone();
    auto r = child->apply(m);
    out.emplace_back(m, r.ok() ? child->perft(depth - 1) : 0);
  }
  return out;
}

Outcome Game::outcome() const {
  return external_.over() ? external_ : rules_outcome();
}

void Game::finish(Outcome o) {
  if (over() || !o.over()) return;
  external_ = std::move(o);
  on_finished();
}

Outcome Game::timeout_outcome(int seat) const {
  return Outcome::win(1 - seat, "timeout");
}

Result<void> Game::declare_win() {
  return make_error(errc::unsupported, std::string(info().name) + " has no declaration");
}

Result<std::string> Game::export_record(std::string_view format, Viewer, const RecordInfo&) const {
  return make_error(errc::unsupported, std::string(info().name) + " has no record format '" +
                                           std::string(format) + "'");
}

}  // namespace banmen
