// SFEN positions and USI moves: parsing with a precise reason for every rejection, and
// canonical output (hands in the order R B G S N L P, Black's first), so a canonical
// SFEN round-trips byte for byte.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "shogi/position.h"

namespace banmen::shogi {

// Longest position text accepted; anything longer is rejected before parsing.
constexpr std::size_t kMaxSfenLength = 512;

// Errors: bad_position with a message naming the first problem found.
Result<Position> parse_sfen(const Variant& v, std::string_view text);
std::string format_sfen(const Position& pos);
std::string format_hands(const Position& pos);  // the SFEN hand field ("-" when empty)

// "7g7f", "8h2b+", "P*5e". parse_usi checks the syntax and the board bounds only and
// answers a move holding just what move_key() keeps; legality is the caller's business.
std::string usi_move(const Variant& v, Move m);
Result<Move> parse_usi(const Variant& v, std::string_view text);

}  // namespace banmen::shogi
