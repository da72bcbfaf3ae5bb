#pragma once
// Positions in Fairy-Stockfish's FEN: ranks of up to 12 squares (numbers may have two
// digits), KQkq castling or Shredder file letters (always file letters in Chess960),
// the en passant square, or for makruk counting the counting limit in its place.
#include <optional>
#include <string>
#include <string_view>

#include "fairy/position.h"

namespace banmen::fairy {

inline constexpr std::size_t max_fen_length = 256;

std::optional<Position> parse_fen(const Rules& rules, std::string_view fen, std::string& error);
std::string write_fen(const Position& position);

// A square as Fairy-Stockfish writes it: a1 ... l10.
std::string square_name(int sq);

}  // namespace banmen::fairy
