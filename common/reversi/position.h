// A reversi position: the discs of each side and the side to move, with its text form
// (64 squares a1..h8 as X, O or -, a space, and X or O) and the moves as squares or "pass".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "reversi/bitboard.h"

namespace banmen::reversi {

enum Side : int { black = 0, white = 1 };  // black ('X') moves first

// A move: a square 0..63, or kPass.
using Move = std::uint8_t;
inline constexpr Move kPass = 64;

struct Position {
  Bitboard discs[2] = {0, 0};  // by Side
  Side to_move = black;

  static Position start();

  Bitboard own() const { return discs[to_move]; }
  Bitboard opp() const { return discs[1 - to_move]; }
  Bitboard placements() const { return legal_placements(own(), opp()); }
  // True when the side to move has no placement but the opponent has one.
  bool must_pass() const;
  // True when neither side can place a disc (a full board included).
  bool finished() const;
  // Plays a move known to be legal: a placement with its flips, or a forced pass.
  void play(Move m);

  bool operator==(const Position&) const = default;
};

std::string format_position(const Position& p);
// Errors: bad_position, with the first thing that is wrong.
Result<Position> parse_position(std::string_view text);

std::string format_move(Move m);
// "a1".."h8" or "pass" (exactly, lowercase); bad_move otherwise.
Result<Move> parse_move(std::string_view text);

}  // namespace banmen::reversi
