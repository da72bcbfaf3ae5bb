// Reversi behind the game seam: the position, the moves played and the rules' verdict.
#pragma once

#include <vector>

#include "core/game.h"
#include "reversi/position.h"

namespace banmen::reversi {

const GameInfo& reversi_info();

class ReversiGame final : public Game {
 public:
  explicit ReversiGame(const Position& start) : initial_(start), current_(start) {}

  const GameInfo& info() const override { return reversi_info(); }
  GamePtr clone() const override { return std::make_unique<ReversiGame>(*this); }

  int to_move() const override { return current_.to_move; }
  std::string initial_position() const override { return format_position(initial_); }
  std::string position() const override { return format_position(current_); }
  std::string view(Viewer) const override { return position(); }

  std::vector<std::string> legal_moves() const override;
  std::size_t history_size() const override { return history_.size(); }
  std::string notation(std::size_t index, Viewer viewer) const override;
  std::uint64_t perft(int depth) const override;

  Result<std::string> export_record(std::string_view format, Viewer viewer,
                                    const RecordInfo& record) const override;

  // For the record codec and tests.
  const Position& initial() const { return initial_; }
  const Position& current() const { return current_; }
  const std::vector<Move>& history() const { return history_; }
  // Plays `m` if it is legal; false otherwise. Cheaper than apply() for importers.
  bool play_if_legal(Move m);
  // Ends the game from a record's result line (resignation, time...).
  void finish_from_record(Outcome o) { finish(std::move(o)); }

 protected:
  Outcome rules_outcome() const override;
  Result<void> apply_legal(std::string_view move) override;
  Result<void> apply_checked(std::string_view move) override;

 private:
  Position initial_;
  Position current_;
  std::vector<Move> history_;
};

}  // namespace banmen::reversi
