// Chess behind the game seam: a position, the moves played from the start, the keys of
// every position reached (for threefold repetition) and the rules' verdict, kept up to
// date after each move so the seam's queries cost nothing.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "chess/position.h"
#include "chess/types.h"
#include "core/game.h"

namespace banmen::chess {

const GameInfo& chess_game_info();

class ChessGame final : public Game {
 public:
  explicit ChessGame(const Position& start);

  const GameInfo& info() const override { return chess_game_info(); }
  std::unique_ptr<Game> clone() const override { return std::make_unique<ChessGame>(*this); }

  int to_move() const override { return pos_.side; }
  std::string initial_position() const override;
  std::string position() const override;
  std::string view(Viewer) const override { return position(); }
  bool in_check() const override { return pos_.in_check(); }

  std::vector<std::string> legal_moves() const override;
  std::size_t history_size() const override { return moves_.size(); }
  std::string notation(std::size_t index, Viewer viewer) const override;
  std::string display_notation(std::size_t index, Viewer viewer) const override;
  std::uint64_t perft(int depth) const override;

  Outcome timeout_outcome(int seat) const override;
  Result<std::string> export_record(std::string_view format, Viewer viewer,
                                    const RecordInfo& record) const override;

  // --- For codecs and tests: the concrete types --------------------------------------------
  const Position& start() const { return start_; }
  const Position& current() const { return pos_; }
  const MoveList& legal() const { return legal_; }
  // Plays a move from legal(); errors: game_over, illegal_move.
  Result<void> play(Move m);

 protected:
  Outcome rules_outcome() const override { return verdict_; }
  Result<void> apply_legal(std::string_view move) override;
  Result<void> apply_checked(std::string_view move) override;

 private:
  void refresh();  // legal moves, repetition key and verdict of pos_
  Outcome judge() const;

  Position start_;
  Position pos_;
  MoveList legal_;
  std::vector<Move> moves_;
  std::vector<std::string> san_;
  std::vector<std::uint64_t> keys_;  // repetition key of the start and of every move's result
  Outcome verdict_;
};

}  // namespace banmen::chess
