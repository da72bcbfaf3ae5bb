// Dog-cat shogi behind the game seam. The game holds the true position; everything it
// hands out is cut to its viewer: view() and notation() show a side's hidden types only
// to that side (and to everyone once the game is over), and the explanation of an illegal
// move depends only on what the mover knows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "shogi/dogcat/dogcat_position.h"

namespace banmen::shogi {

class DogcatGame final : public Game {
 public:
  DogcatGame(const GameInfo& info, const DogcatPosition& start);

  const GameInfo& info() const override { return *info_; }
  std::unique_ptr<Game> clone() const override { return std::make_unique<DogcatGame>(*this); }

  int to_move() const override { return pos_.side_to_move(); }
  std::string initial_position() const override;
  std::string position() const override;
  std::string view(Viewer viewer) const override;

  std::vector<std::string> legal_moves() const override;
  std::size_t history_size() const override { return history_.size(); }
  std::string notation(std::size_t index, Viewer viewer) const override;
  std::uint64_t perft(int depth) const override;

  Result<std::string> export_record(std::string_view format, Viewer viewer,
                                    const RecordInfo& record) const override;

  // For codecs and tests.
  const DogcatPosition& current() const { return pos_; }
  const DogcatPosition& start() const { return start_; }
  const std::vector<Move>& moves() const { return history_; }
  // The start position as `viewer` may see it.
  std::string initial_view(Viewer viewer) const override;

 protected:
  Outcome rules_outcome() const override { return outcome_; }
  Result<void> apply_legal(std::string_view move) override;
  Result<void> apply_checked(std::string_view move) override;
  // Built only from what the mover knows (its own pieces and hands, and which squares
  // are occupied by whom), so it never depends on the opponent's hidden types.
  Error explain_illegal(std::string_view move) const override;
  // Resignation, time or agreement: nothing to do, because view() and notation() read
  // over(), which the external ending sets, and so reveal every hidden piece from then on.
  void on_finished() override {}

 private:
  // Plays the generated move whose key is `key` (and, if `text` is not empty, which is
  // written exactly so); false when there is none.
  bool play(Move key, std::string_view text);

  const GameInfo* info_;
  DogcatPosition start_;
  DogcatPosition pos_;
  std::vector<Move> history_;
  std::vector<std::uint64_t> earlier_;  // keys of the positions before the current one
  Outcome outcome_;
};

}  // namespace banmen::shogi
