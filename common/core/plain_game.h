// What a game with one plain position type and one move type (hasami shogi, reversi)
// writes alike behind the seam: its start, its current position, the moves played, and the
// seam's calls that only read them. The game adds its rules: legal moves, playing a move,
// the verdict, notation and records.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"

namespace banmen {

// `Position` has a `to_move` member and a `format_position(const Position&)` found beside
// it (by argument-dependent lookup); `Derived` is the game class itself (for clone()).
template <class Derived, class Position, class Move>
class PlainGame : public Game {
 public:
  explicit PlainGame(const Position& start) : initial_(start), current_(start) {}

  GamePtr clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
  int to_move() const override { return current_.to_move; }
  std::string initial_position() const override { return format_position(initial_); }
  std::string position() const override { return format_position(current_); }
  std::string view(Viewer) const override { return position(); }
  std::size_t history_size() const override { return history_.size(); }

  // For the record codecs and tests.
  const Position& initial() const { return initial_; }
  const Position& current() const { return current_; }
  const std::vector<Move>& history() const { return history_; }
  // Ends the game from a record's result line (resignation, time...).
  void finish_from_record(Outcome o) { finish(std::move(o)); }

 protected:
  Position initial_;
  Position current_;
  std::vector<Move> history_;
};

}  // namespace banmen
