// Conditional moves (docs/protocol.md, "Conditional moves"): in a correspondence game the
// player who just moved may leave lines "if they answer X, I play Y", several deep. When
// the opponent's move begins one of the lines, the room plays its answer at once and keeps
// what follows; any other move drops them all. They are the player's own: never shown to
// the opponent or to spectators, only to the player's connections.
//
// A part of the room (rooms/room.h): it checks and keeps the lines and says what answers a
// move; the room plays the answer through the same checks as any move. No strand, store
// or socket: tested alone (tests/server/conditional_moves_test.cpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "protocol/messages.h"

namespace banmen::server {

// A line: the opponent's move, the player's answer, the opponent's next, ... (an even
// count: it ends with an answer). Moves in the referee notation the store keeps.
using ConditionalLine = std::vector<std::string>;
using ConditionalLines = std::vector<ConditionalLine>;

class ConditionalMoves {
 public:
  static constexpr std::size_t kMaxLines = 16;
  static constexpr std::size_t kMaxPlies = 12;       // per line
  static constexpr std::size_t kMaxTotalPlies = 96;  // all lines together
  static constexpr std::size_t kMaxMoveChars = 24;

  // The lines of a conditional_set (a JSON array of arrays of move texts), checked against
  // `position` (the game as it is, the opponent to move) by playing each through the rules
  // core, and written in the referee notation. Errors: bad_request (shape, limits, two
  // answers to the same moves), illegal_move (naming the line and the ply).
  static Result<ConditionalLines> read(const Game& position, const json& lines);

  // Player `player`'s lines from position `ply` (the plies played when they were left).
  void set(int player, std::size_t ply, ConditionalLines lines);
  void clear(int player) { kept_[player] = {}; }
  void clear_all() { kept_[0] = kept_[1] = {}; }
  const ConditionalLines& of(int player) const { return kept_[player].lines; }
  std::size_t ply_of(int player) const { return kept_[player].ply; }

  // The opponent of `player` played `move` (referee notation), ply `ply` of the game: the
  // answer `player`'s lines give, the lines past it kept (from ply + 1); none, the lines
  // dropped.
  std::optional<std::string> answer(int player, const std::string& move, std::size_t ply);
  // True when answer() would give one for `move`; nothing changes.
  bool answers(int player, const std::string& move) const;

 private:
  struct Kept {
    ConditionalLines lines;
    std::size_t ply = 0;
  };
  Kept kept_[2];
};

}  // namespace banmen::server
