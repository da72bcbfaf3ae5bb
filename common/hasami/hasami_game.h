// Hasami shogi behind the game seam: the position, the moves played, the positions seen
// (for repetition) and the rules' verdict.
#pragma once

#include <vector>

#include "core/game.h"
#include "core/plain_game.h"
#include "hasami/rules.h"

namespace banmen::hasami {

const GameInfo& hasami_info();

class HasamiGame final : public PlainGame<HasamiGame, Position, Move> {
 public:
  explicit HasamiGame(const Position& start);

  const GameInfo& info() const override { return hasami_info(); }

  std::vector<std::string> legal_moves() const override;
  std::string notation(std::size_t index, Viewer viewer) const override;
  std::uint64_t perft(int depth) const override;

  Result<std::string> export_record(std::string_view format, Viewer viewer,
                                    const RecordInfo& record) const override;

  // Plays `m` if it is legal; false otherwise.
  bool play_if_legal(Move m);

 protected:
  Outcome rules_outcome() const override;
  Result<void> apply_legal(std::string_view move) override;
  Result<void> apply_checked(std::string_view move) override;

 private:
  PositionHistory seen_;  // every position so far, the current one last
};

}  // namespace banmen::hasami
