// Reversi behind the game seam: the position, the moves played and the rules' verdict.
#pragma once

#include <vector>

#include "core/game.h"
#include "core/plain_game.h"
#include "reversi/position.h"

namespace banmen::reversi {

const GameInfo& reversi_info();

class ReversiGame final : public PlainGame<ReversiGame, Position, Move> {
 public:
  explicit ReversiGame(const Position& start) : PlainGame(start) {}

  const GameInfo& info() const override { return reversi_info(); }

  std::vector<std::string> legal_moves() const override;
  std::string notation(std::size_t index, Viewer viewer) const override;
  std::uint64_t perft(int depth) const override;

  Result<std::string> export_record(std::string_view format, Viewer viewer,
                                    const RecordInfo& record) const override;

  // Plays `m` if it is legal; false otherwise. Cheaper than apply() for importers.
  bool play_if_legal(Move m);

 protected:
  Outcome rules_outcome() const override;
  Result<void> apply_legal(std::string_view move) override;
  Result<void> apply_checked(std::string_view move) override;
};

}  // namespace banmen::reversi
