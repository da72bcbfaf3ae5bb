// FEN in and out. Parsing checks everything that would make a position impossible or
// break move generation, and says what is wrong; formatting a parsed position gives back
// the same text (four-field FENs get their counters "0 1" added).
#pragma once

#include <string>
#include <string_view>

#include "chess/position.h"
#include "core/result.h"

namespace banmen::chess {

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Errors are bad_position with a message naming the field and the problem.
Result<Position> parse_fen(std::string_view fen);
std::string format_fen(const Position& pos);

// "e4" <-> square; kNoSquare when the text is not a square of this board.
Square parse_square(std::string_view text);
std::string square_name(Square s);

// FEN letter of a piece (upper case for white) and back; kNoPiece for an unknown letter.
char piece_letter(Piece p);
Piece piece_from_letter(char c);

}  // namespace banmen::chess
