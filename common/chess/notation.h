// Move notations: UCI (the protocol form: e2e4, e7e8q, castling as e1g1) and SAN (the
// form people read: Nf3, exd5, O-O, e8=Q+), both ways.
#pragma once

#include <string>
#include <string_view>

#include "chess/position.h"
#include "chess/types.h"
#include "core/result.h"

namespace banmen::chess {

std::string to_uci(Move m);
// The legal move written as `uci`. Errors: bad_move (not UCI), illegal_move (not legal).
Result<Move> parse_uci(const Position& pos, std::string_view uci);

// SAN of a legal move in `pos`, with disambiguation and the check (+) or mate (#) mark.
std::string to_san(const Position& pos, Move m);
// The legal move written as `san`. Lenient where readers usually are: check and mate marks,
// annotation glyphs (!, ?), a missing or extra 'x', "0-0" for "O-O" and over-disambiguation
// are accepted. Errors: bad_move (does not parse), illegal_move (no such legal move, or
// more than one).
Result<Move> parse_san(const Position& pos, std::string_view san);

}  // namespace banmen::chess
