// Board geometry of one game of the family as data: size, promotion zone, camps, which
// pieces exist and how many, and the squares where a piece would have no move. Shogi,
// minishogi and dog-cat shogi differ only in these tables, never in code paths.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "shogi/types.h"

namespace banmen::shogi {

struct Variant {
  std::string_view id;          // "shogi", "minishogi", "dogcat"
  int files = 9, ranks = 9;     // board size
  int promotion_ranks = 3;      // depth of the promotion zone at the far side
  int camp_ranks = 3;           // depth of each side's own camp (dog-cat hidden drops)
  std::string_view start_sfen;  // the usual start
  std::array<int, kHandTypeCount> piece_count{};  // pieces of each unpromoted type in the set
  int max_plies = 512;                            // plies after which the game is drawn

  // Derived tables, filled by finish_tables().
  std::array<bool, kSquareCount> on_board{};
  std::array<std::array<bool, kSquareCount>, 2> zone{};  // [colour] promotion zone
  std::array<std::array<bool, kSquareCount>, 2> camp{};  // [colour] own camp
  // [piece][square]: the piece standing there could never move again (no pawn, lance or
  // knight may be dropped there; moving there forces promotion).
  std::array<std::array<bool, kSquareCount>, kPieceCodes> dead{};
  std::vector<Square> squares;  // board squares, rank a first, file `files` first

  bool in_zone(Color c, Square s) const { return zone[c][s]; }
  // USI square name ("7g") and its parse (kNoSquare when malformed or off the board).
  std::string square_name(Square s) const;
  Square parse_square(char file, char rank) const;
  int file_of(Square s) const { return files - col_of(s); }
};

const Variant& shogi_variant();
const Variant& minishogi_variant();
const Variant& dogcat_variant();

}  // namespace banmen::shogi
