// Shogi and minishogi behind the game seam. Holds the position, the moves played, the
// Zobrist key of every position reached and whether each move gave check, which is all
// the endings need: checkmate, repetition, perpetual check, the ply limit and the
// impasse declaration.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "shogi/position.h"

namespace banmen::shogi {

class ShogiGame final : public Game {
 public:
  ShogiGame(const GameInfo& info, const Position& start);

  const GameInfo& info() const override { return *info_; }
  std::unique_ptr<Game> clone() const override { return std::make_unique<ShogiGame>(*this); }

  int to_move() const override { return pos_.side_to_move(); }
  std::string initial_position() const override;
  std::string position() const override;
  std::string view(Viewer) const override { return position(); }
  bool in_check() const override { return pos_.in_check(); }

  std::vector<std::string> legal_moves() const override;
  std::size_t history_size() const override { return history_.size(); }
  std::string notation(std::size_t index, Viewer viewer) const override;
  std::string display_notation(std::size_t index, Viewer viewer) const override;
  std::uint64_t perft(int depth) const override;

  Result<void> declare_win() override;
  Result<std::string> export_record(std::string_view format, Viewer viewer,
                                    const RecordInfo& record) const override;

  // For codecs and tests.
  const Position& current() const { return pos_; }
  const Position& start() const { return start_; }
  const std::vector<Move>& moves() const { return history_; }
  // Plays a move known to be legal here (record import); false when it is not legal.
  bool play(Move m);

 protected:
  Outcome rules_outcome() const override { return outcome_; }
  Result<void> apply_legal(std::string_view move) override;
  Result<void> apply_checked(std::string_view move) override;

 private:
  Outcome judge() const;
  Outcome judge_repetition() const;

  const GameInfo* info_;
  Position start_;
  Position pos_;
  std::vector<Move> history_;
  std::vector<std::uint64_t> keys_;  // keys_[i]: the position before ply i (and the current last)
  std::vector<bool> gave_check_;     // [i]: ply i left the opponent in check
  Outcome outcome_;
};

}  // namespace banmen::shogi
