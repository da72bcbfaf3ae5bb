// A hasami shogi position: the board, the side to move and the move number, with its text
// form ("ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1") and moves in USI form ("9i9e").
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "hasami/board.h"

namespace banmen::hasami {

inline constexpr int kMoveLimitNumber = 301;  // 300 plies played

// The board and side to move, packed exactly, for repetition: two bits per square.
struct PositionKey {
  std::array<std::uint64_t, 3> bits{};
  bool operator==(const PositionKey&) const = default;
};

struct Position {
  Board board;
  Side to_move = black;
  int move_number = 1;     // the ply about to be played, from 1
  int pieces[2] = {0, 0};  // on the board, by side

  static Position start();

  // Pieces `s` has taken: each side starts with nine.
  int captured_by(Side s) const { return kMaxPieces - pieces[other(s)]; }

  void generate_moves(MoveList& out) const;
  bool has_move() const;
  // Plays a move known to be legal (from generate_moves): the piece slides, the captures it
  // makes are removed, the turn passes. Returns the number of pieces captured.
  int play(Move m);

  PositionKey key() const;
};

// The enemy pieces a piece of `mover` arriving on `to` captures, judged on `board` as it is
// right after the move. Writes their cells to `out` (each once) and returns how many.
int find_captures(const Board& board, int to, Side mover, std::array<std::uint8_t, 81>& out);

std::string format_position(const Position& p);
// Errors: bad_position, with the first thing that is wrong.
Result<Position> parse_position(std::string_view text);

std::string format_move(Move m);
// USI board move between two squares on one rank or file ("9i9e"); bad_move otherwise.
// Legality is the caller's business.
Result<Move> parse_move(std::string_view text);

}  // namespace banmen::hasami
